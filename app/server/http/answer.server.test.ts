import { redirect } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AppError } from "~/domain/app-error";
import "~/i18n/catalogues.server";
import ar from "~/locales/ar/site.json" with { type: "json" };
import { answer, answerResponse, BODY_TOO_LARGE_HEADER, readForm, settle } from "./answer.server";

/** A logger that records what each level was given. */
function recorder() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() } as unknown as Parameters<typeof answer>[0]["log"] & {
    info: ReturnType<typeof vi.fn>;
    error: ReturnType<typeof vi.fn>;
  };
}

const reply = (message: string, error: AppError) => ({ ok: false as const, message, code: error.code });
const FAILURE = "Failed to submit request";

/** What `answer` returned: React Router's data() value, or the work's own value. */
function unwrap(result: unknown): { data: unknown; status?: number; headers?: HeadersInit } {
  const value = result as { type?: string; data?: unknown; init?: { status?: number; headers?: HeadersInit } };
  return value?.type === "DataWithResponseInit" ? { data: value.data, status: value.init?.status, headers: value.init?.headers } : { data: result };
}

describe("answer", () => {
  it("passes the work's value through and logs nothing", async () => {
    const log = recorder();
    expect(await answer({ log }, { failure: FAILURE, reply }, async () => "done")).toBe("done");
    expect(log.info).not.toHaveBeenCalled();
    expect(log.error).not.toHaveBeenCalled();
  });

  it("turns a refusal into its status and message, with Retry-After when rate-limited, logged at info", async () => {
    const log = recorder();
    const limited = new AppError("RATE_LIMITED", "You can only submit one message every 30 seconds.", { detail: { retryAfter: 12 } });
    const result = unwrap(await answer({ log }, { failure: FAILURE, reply }, () => Promise.reject(limited)));
    expect(result).toEqual({
      data: { ok: false, message: "You can only submit one message every 30 seconds.", code: "RATE_LIMITED" },
      status: 429,
      headers: { "Retry-After": "12" },
    });
    expect(log.info).toHaveBeenCalledOnce();
    expect(log.error).not.toHaveBeenCalled();
  });

  it("answers anything unexpected with the action's failure message and 500, logged once at error", async () => {
    const log = recorder();
    const cause = new TypeError("Cannot read properties of undefined (reading 'id')");
    const result = unwrap(await answer({ log }, { failure: FAILURE, reply }, () => Promise.reject(cause)));
    expect(result).toMatchObject({ data: { message: FAILURE, code: "INTERNAL" }, status: 500 });
    expect(log.error).toHaveBeenCalledOnce();
    expect(log.error.mock.calls[0]![0]).toEqual({ err: cause });
  });

  it("answers a lost database with the action's failure message, 503 and Retry-After, logged once at error", async () => {
    // As node-postgres reports a backend ended by a restart, wrapped the way Drizzle wraps it.
    const killed = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    const wrapped = new Error("Failed query: insert into ...", { cause: killed });
    for (const cause of [wrapped, new Error("Connection terminated unexpectedly"), Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })]) {
      const log = recorder();
      // The header is also set on the HTTP answer itself (React Router drops an action's own headers).
      const setResponseHeader = vi.fn();
      const result = unwrap(await answer({ log, setResponseHeader }, { failure: FAILURE, reply }, () => Promise.reject(cause)));
      expect(result).toMatchObject({ data: { message: FAILURE, code: "UNAVAILABLE" }, status: 503, headers: { "Retry-After": "5" } });
      expect(setResponseHeader).toHaveBeenCalledWith("Retry-After", "5");
      expect(log.error).toHaveBeenCalledOnce();
      expect(log.error.mock.calls[0]![0]).toEqual({ err: cause });
      expect(log.info).not.toHaveBeenCalled();
    }
  });

  it("answers a full or read-only disk the same way: 503 with the failure message, not a crash", async () => {
    const full = Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", syscall: "write", errno: -28 });
    const log = recorder();
    const result = unwrap(await answer({ log }, { failure: FAILURE, reply }, () => Promise.reject(full)));
    expect(result).toMatchObject({ data: { message: FAILURE, code: "UNAVAILABLE" }, status: 503, headers: { "Retry-After": "5" } });
    expect(log.error).toHaveBeenCalledOnce();
  });

  it("shows the action's failure message, not the error's, for a body it cannot read", async () => {
    const log = recorder();
    const result = unwrap(await answer({ log }, { failure: FAILURE, reply }, () => Promise.reject(new AppError("BAD_BODY", "The request is not a form."))));
    expect(result).toMatchObject({ data: { message: FAILURE }, status: 400 });
    expect(log.error).not.toHaveBeenCalled();
  });

  it("lets a thrown redirect through untouched", async () => {
    const log = recorder();
    const thrown = await answer({ log }, { failure: FAILURE, reply }, async () => {
      throw redirect("/auth");
    }).catch((value: unknown) => value);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/auth");
  });
});

describe("answerResponse", () => {
  it("answers a refusal as text with its status and the given headers", async () => {
    const response = await answerResponse({ log: recorder() }, { failure: "Export failed", headers: { "Cache-Control": "no-store" } }, () =>
      Promise.reject(new AppError("FORBIDDEN", "You do not have permission to do that.")),
    );
    expect(response.status).toBe(403);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.text()).toBe("You do not have permission to do that.");
  });
});

describe("settle", () => {
  it("gives the value, or the fallback with the cause logged once", async () => {
    const log = recorder();
    expect(await settle({ log }, "plans", async () => [1, 2], [])).toEqual({ value: [1, 2], failed: false });
    expect(await settle({ log }, "plans", () => Promise.reject(new Error("down")), [])).toEqual({ value: [], failed: true });
    expect(log.error).toHaveBeenCalledOnce();
  });
});

describe("readForm", () => {
  const post = (body: BodyInit | null, headers: Record<string, string>) => new Request("http://localhost/", { method: "POST", body, headers });

  it("reads urlencoded and multipart forms", async () => {
    expect((await readForm(post("email=a%40example.com", { "Content-Type": "application/x-www-form-urlencoded" }))).get("email")).toBe("a@example.com");
    const multipart = new FormData();
    multipart.set("email", "b@example.com");
    const request = new Request("http://localhost/", { method: "POST", body: multipart });
    expect((await readForm(request)).get("email")).toBe("b@example.com");
  });

  it("refuses JSON, plain text, no content type and a broken multipart as BAD_BODY", async () => {
    const bodies = [
      post('{"email":"a@example.com"}', { "Content-Type": "application/json" }),
      post("email=a@example.com", { "Content-Type": "text/plain" }),
      new Request("http://localhost/", { method: "POST", body: new Uint8Array([1, 2, 3]) }),
      post('--XYZ\r\nContent-Disposition: form-data; name="email"\r\n\r\nunterminated', { "Content-Type": "multipart/form-data; boundary=XYZ" }),
    ];
    for (const request of bodies) {
      await expect(readForm(request)).rejects.toMatchObject({ code: "BAD_BODY", status: 400 });
    }
  });

  it("refuses a body the HTTP layer marked as too large without reading it", async () => {
    const request = post("email=a", { "Content-Type": "application/x-www-form-urlencoded", [BODY_TOO_LARGE_HEADER]: "1" });
    await expect(readForm(request)).rejects.toMatchObject({ code: "TOO_LARGE", status: 413 });
    expect(request.bodyUsed).toBe(false);
  });
});

describe("answer in the request's language", () => {
  it("says a refusal whose message is a key in the request's language, with the error's values", async () => {
    const log = recorder();
    const refused = new AppError("CONFLICT", "install.title", { values: { brand: "Tigris" } });
    const result = unwrap(await answer({ log, locale: "ar" }, { failure: FAILURE, reply }, () => Promise.reject(refused)));
    expect(result.data).toEqual({ ok: false, message: ar["install.title"].replace("{brand}", "Tigris"), code: "CONFLICT" });
  });

  it("says the action's failure message in that language when something unexpected failed", async () => {
    const result = unwrap(await answer({ log: recorder(), locale: "ar" }, { failure: "common.close", reply }, () => Promise.reject(new Error("boom"))));
    expect(result.data).toMatchObject({ message: ar["common.close"], code: "INTERNAL" });
  });

  it("leaves a message that is not a key as it is", async () => {
    const result = unwrap(await answer({ log: recorder(), locale: "ar" }, { failure: FAILURE, reply }, () => Promise.reject(new Error("boom"))));
    expect(result.data).toMatchObject({ message: FAILURE });
  });
});
