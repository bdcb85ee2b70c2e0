import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import "~/i18n/catalogues.server";
import { translator } from "~/i18n/i18n";
import { RichText, standIns } from "~/i18n/rich-text";
import { PasswordInput } from "./password-input";

const inRouter = (node: React.ReactNode, basename = "/") =>
  renderToStaticMarkup(
    <MemoryRouter basename={basename} initialEntries={[basename]}>
      {node}
    </MemoryRouter>,
  );

describe("PasswordInput", () => {
  it("names its show/hide toggle in the page's language", () => {
    expect(inRouter(<PasswordInput name="password" />)).toContain('aria-label="Show password"');
    expect(inRouter(<PasswordInput name="password" />, "/ar")).toContain(`aria-label="${translator("ar")("auth.password.show")}"`);
    expect(inRouter(<PasswordInput name="password" />, "/ckb")).toContain(`aria-label="${translator("ckb")("auth.password.show")}"`);
  });
});

describe("auth messages with elements (RichText)", () => {
  it("puts the element where the language puts its placeholder", () => {
    const en = translator("en");
    const html = renderToStaticMarkup(
      <p>
        <RichText message={en("auth.forgot.sent", standIns("email"))} elements={{ email: <strong>a@example.com</strong> }} />
      </p>,
    );
    expect(html).toBe(
      "<p>If an account exists for <strong>a@example.com</strong>, we have sent a link to reset its password. The link expires in 1 hour.</p>",
    );
    const link = renderToStaticMarkup(
      <p>
        <RichText message={en("auth.reset.invalid", standIns("link"))} elements={{ link: <a href="/x">{en("auth.reset.askNew")}</a> }} />
      </p>,
    );
    expect(link).toBe('<p>This reset link is invalid or has expired. <a href="/x">Ask for a new one</a>.</p>');
  });
});
