import type { Submission } from "@conform-to/react";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError } from "~/domain/app-error";
import type { FormPageAnswer } from "~/domain/form-answer";
import { answerFormPage } from "./form-page.server";

const log = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() }) as unknown as Parameters<typeof answerFormPage>[1]["log"];
const post = (fields: Record<string, string>) => new Request("http://localhost/account/x", { method: "POST", body: new URLSearchParams(fields) });
const schema = z.object({ name: z.string().min(2, "Too short") });
const refused = (message: string, _error: AppError, submission: Submission<unknown> | undefined): FormPageAnswer => ({
  toast: { type: "error", title: "Not saved", description: message },
  result: submission?.reply({ formErrors: [message] }),
});

/** React Router's data() value. */
const unwrap = (result: unknown) => result as { data: FormPageAnswer; init?: { status?: number } };

describe("answerFormPage", () => {
  it("hands the work the intent and the parsed form, and copies the form's key into its answer", async () => {
    const result = unwrap(
      await answerFormPage(post({ intent: "rename", formKey: "rename-form", name: "Layla" }), { log: log() }, { failure: "Failed", refused }, async ({ intent, parse, answered }) => {
        expect(intent).toBe("rename");
        const s = parse(schema);
        expect(s.status === "success" && s.value).toEqual({ name: "Layla" });
        return answered({ toast: { type: "success", title: "Saved" } });
      }),
    );
    expect(result.data).toEqual({ formKey: "rename-form", toast: { type: "success", title: "Saved" } });
  });

  it("answers a form that does not parse with its field errors, as 400, keyed", async () => {
    const result = unwrap(
      await answerFormPage(post({ intent: "rename", formKey: "rename-form", name: "L" }), { log: log() }, { failure: "Failed", refused }, async ({ parse, invalid, answered }) => {
        const s = parse(schema);
        return s.status === "success" ? answered({}) : invalid();
      }),
    );
    expect(result.init?.status).toBe(400);
    expect(result.data.formKey).toBe("rename-form");
    expect(result.data.result?.error).toEqual({ name: ["Too short"] });
  });

  it("answers a refusal in the page's shape, on the parsed form, keyed, with the refusal's status", async () => {
    const result = unwrap(
      await answerFormPage(post({ intent: "rename", formKey: "rename-form", name: "Layla" }), { log: log() }, { failure: "Failed", refused }, async ({ parse }) => {
        parse(schema);
        throw new AppError("CONFLICT", "That name is taken.");
      }),
    );
    expect(result.init?.status).toBe(409);
    expect(result.data).toMatchObject({ formKey: "rename-form", toast: { description: "That name is taken." }, result: { error: { "": ["That name is taken."] } } });
  });

  it("answers a refusal before any parse without a form result", async () => {
    const result = unwrap(
      await answerFormPage(post({ intent: "stop" }), { log: log() }, { failure: "Failed", refused }, async () => {
        throw new AppError("FORBIDDEN", "Not yours.");
      }),
    );
    expect(result.init?.status).toBe(403);
    expect(result.data).toEqual({ toast: { type: "error", title: "Not saved", description: "Not yours." } });
  });
});
