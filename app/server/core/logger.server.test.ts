import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { serializeError } from "./logger.server";

describe("serializeError", () => {
  it("keeps a failed query's text but not the values it was given", () => {
    const error = Object.assign(new Error('Failed query: insert into "contact_messages" ("email") values ($1)\nparams: layla@example.com'), {
      query: 'insert into "contact_messages" ("email") values ($1)',
      params: ["layla@example.com"],
    });
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    pino({ serializers: { err: serializeError } }, sink).error({ err: error }, "enquiry submission failed");
    const logged = lines.join("");
    expect(logged).toContain("insert into");
    expect(logged).toContain("params: [redacted]");
    expect(logged).not.toContain("layla@example.com");
  });

  it("leaves other values alone", () => {
    expect(serializeError("plain")).toBe("plain");
    expect((serializeError(new Error("boom")) as { message: string }).message).toBe("boom");
  });
});
