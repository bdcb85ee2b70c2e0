import { describe, expect, it } from "vitest";
import { declaredBodyLimit, FORM_BODY_BYTES, uploadHandle } from "./uploads";

describe("uploadHandle", () => {
  it("declares the files at their promised size and the form's own allowance", () => {
    expect(uploadHandle(3, 10 * 1024 * 1024)).toEqual({ upload: { maxBodyBytes: 30 * 1024 * 1024 + FORM_BODY_BYTES } });
    expect(declaredBodyLimit({ catalogues: ["escrow"], ...uploadHandle(1, 10 * 1024 * 1024) })).toBe(10 * 1024 * 1024 + FORM_BODY_BYTES);
  });

  it("reads no declaration where a route makes none", () => {
    expect(declaredBodyLimit(undefined)).toBeUndefined();
    expect(declaredBodyLimit({ catalogues: ["admin"] })).toBeUndefined();
  });

  it("refuses a declaration that is no body size, rather than quietly holding the route to 256 KB", () => {
    for (const upload of [null, {}, { maxBodyBytes: "10 MB" }, { maxBodyBytes: Number.NaN }, { maxBodyBytes: 1.5e6 + 0.5 }, { maxBodyBytes: FORM_BODY_BYTES }]) {
      expect(() => declaredBodyLimit({ upload }), JSON.stringify(upload)).toThrow(/not a body size/);
    }
  });
});
