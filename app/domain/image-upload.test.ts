import { describe, expect, it } from "vitest";
import { english } from "../../tests/support/english";
import { imageSizeProblem, MAX_IMAGE_BYTES, sniffImageType } from "./image-upload";

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

describe("sniffImageType", () => {
  it("recognises JPEG, PNG and WebP by their first bytes", () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe("jpg");
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe("png");
    expect(sniffImageType(bytes(...ascii("RIFF"), 0x24, 0, 0, 0, ...ascii("WEBPVP8 ")))).toBe("webp");
  });

  it("refuses anything else, whatever it is called", () => {
    expect(sniffImageType(bytes(...ascii("<svg xmlns")))).toBeNull();
    expect(sniffImageType(bytes(...ascii("GIF89a")))).toBeNull();
    expect(sniffImageType(bytes(...ascii("<html><script>")))).toBeNull();
    // A RIFF file that is not WebP (a WAV sound).
    expect(sniffImageType(bytes(...ascii("RIFF"), 0x24, 0, 0, 0, ...ascii("WAVEfmt ")))).toBeNull();
    // A truncated PNG signature.
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(sniffImageType(new Uint8Array(0))).toBeNull();
  });
});

describe("imageSizeProblem", () => {
  it("allows up to 5 MB and refuses a byte more", () => {
    expect(imageSizeProblem(MAX_IMAGE_BYTES)).toBeNull();
    expect(english(imageSizeProblem(MAX_IMAGE_BYTES + 1)!)).toBe("The image must be 5 MB or smaller");
  });
});
