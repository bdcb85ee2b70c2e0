import { Children, isValidElement, type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import "~/i18n/catalogues.server";
import { translator } from "./i18n";
import { RichText, richText, standIns } from "./rich-text";

const { link, email } = standIns("link", "email");
const html = (message: string, elements: Record<string, ReactNode>) => renderToStaticMarkup(<p>{richText(message, elements)}</p>);
const a = <a href="/x">here</a>;

describe("richText", () => {
  it("puts an element in the middle of a sentence", () => {
    expect(html(`Read ${link} before investing.`, { link: a })).toBe('<p>Read <a href="/x">here</a> before investing.</p>');
  });

  it("puts an element at the start and at the end", () => {
    expect(html(`${link} is where to start.`, { link: a })).toBe('<p><a href="/x">here</a> is where to start.</p>');
    expect(html(`Start ${link}`, { link: a })).toBe('<p>Start <a href="/x">here</a></p>');
    expect(html(link, { link: a })).toBe('<p><a href="/x">here</a></p>');
  });

  it("puts two elements each where the message names it, in either order", () => {
    const elements = { link: a, email: <strong>a@example.com</strong> };
    expect(html(`Write to ${email} or ask ${link}.`, elements)).toBe('<p>Write to <strong>a@example.com</strong> or ask <a href="/x">here</a>.</p>');
    expect(html(`Ask ${link} or write to ${email}.`, elements)).toBe('<p>Ask <a href="/x">here</a> or write to <strong>a@example.com</strong>.</p>');
  });

  it("repeats an element its message names twice, with stable keys and no key warning", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(html(`${link} and ${link}`, { link: a })).toBe('<p><a href="/x">here</a> and <a href="/x">here</a></p>');
      expect(error).not.toHaveBeenCalled();
    } finally {
      error.mockRestore();
    }
    const fragment = richText(`${link} and ${link}, ${email}`, { link: a, email: a }) as ReactElement<{ children: ReactNode }>;
    const keys = Children.toArray(fragment.props.children).flatMap((child) => (isValidElement(child) ? [child.key] : []));
    expect(keys).toEqual([".$link-0", ".$link-1", ".$email-0"]);
  });

  it("formats a message's placeholder with the stand-in, beside its other values", () => {
    const en = translator("en");
    const message = en("portal.download.earlyAccess", { ...standIns("link"), days: 7 });
    expect(renderToStaticMarkup(<RichText message={message} elements={{ link: <a href="/pricing">Elite</a> }} />)).toMatch(
      /^[^<]*7[^<]*<a href="\/pricing">Elite<\/a>[^<]*$/,
    );
  });

  it("puts an element where Arabic puts it", () => {
    const ar = translator("ar");
    const markup = renderToStaticMarkup(
      <p>
        <RichText message={ar("portal.document.forOpportunity", standIns("opportunity"))} elements={{ opportunity: <a href="/ar/o">Erbil</a> }} />
      </p>,
    );
    expect(markup).toBe('<p>خاص بالفرصة الاستثمارية: <a href="/ar/o">Erbil</a></p>');
  });

  it("leaves a message without the placeholder as it is", () => {
    expect(html("No link here.", { link: a })).toBe("<p>No link here.</p>");
    expect(html(`Only ${email}.`, { link: a, email: <b>e</b> })).toBe("<p>Only <b>e</b>.</p>");
  });

  it("gives text with no stand-ins back unchanged, and shows nothing for an element it was not given", () => {
    const text = "Plain text, with {braces} and ‏Arabic‏ marks.";
    expect(richText(text, { link: a })).toBe(text);
    expect(richText("", {})).toBe("");
    expect(html(`Before ${link} after`, {})).toBe("<p>Before  after</p>");
  });
});
