import { describe, expect, it } from "vitest";
import { dateAfter, escrowAccountKey, normaliseBic, normaliseIban, previousQuarter, quarterOf, receiptNumber, remindersDue, transferSchema } from "./escrow";

describe("escrow's pure rules", () => {
  it("checks IBANs by their checksum and country format, and BICs by their shape", () => {
    expect(normaliseIban("ae07 0331 2345 6789 0123 456")).toBe("AE070331234567890123456");
    expect(normaliseIban("AE07 0331 2345 6789 0123 457")).toBeNull();
    expect(normaliseIban("JO94 CBJO 0010 0000 0000 0131 0003 02")).toBe("JO94CBJO0010000000000131000302");
    expect(normaliseIban("IQ98 NBIQ 8501 2345 6789 012")).toBe("IQ98NBIQ850123456789012");
    expect(normaliseIban("")).toBeNull();
    expect(normaliseBic(" ebil ae ad ")).toBe("EBILAEAD");
    expect(normaliseBic("EBILAEADXXX")).toBe("EBILAEADXXX");
    expect(normaliseBic("EBIL")).toBeNull();
  });

  it("names the escrow account a page showed by every part of it, and takes a bank reference of SEPA's 140 characters", () => {
    const account = { bank: "Emirates NBD", accountName: "Tigris Towers Escrow", iban: "AE070331234567890123456", bic: "EBILAEAD" };
    expect(escrowAccountKey(account)).toBe(escrowAccountKey({ ...account }));
    for (const part of ["bank", "accountName", "iban", "bic"] as const) expect(escrowAccountKey({ ...account, [part]: `${account[part]}X` })).not.toBe(escrowAccountKey(account));
    // The parts cannot run into each other.
    expect(escrowAccountKey({ ...account, bank: "A B", accountName: "C" })).not.toBe(escrowAccountKey({ ...account, bank: "A", accountName: "B C" }));
    expect(escrowAccountKey(null)).toBe("");
    const form = { commitmentId: "7f0c5f0e-9c1a-4f1e-9d36-5f4b1c2a3d4e", transferredOn: "2026-12-01", amount: "100" };
    expect(transferSchema.safeParse({ ...form, reference: "R".repeat(140) }).success).toBe(true);
    expect(transferSchema.safeParse({ ...form, reference: "R".repeat(141) }).success).toBe(false);
  });

  it("names quarters and the one a statement covers", () => {
    expect(quarterOf("2026-12-31")).toBe("2026-Q4");
    expect(quarterOf("2027-04-01")).toBe("2027-Q2");
    expect(previousQuarter("2027-01-01")).toEqual({ period: "2026-Q4", asOf: "2026-12-31" });
    expect(previousQuarter("2026-07-15")).toEqual({ period: "2026-Q2", asOf: "2026-06-30" });
    expect(previousQuarter("2028-04-01")).toEqual({ period: "2028-Q1", asOf: "2028-03-31" });
  });

  it("sends the latest reminder due and none once paid", () => {
    expect(dateAfter("2026-12-28", 3)).toBe("2026-12-31");
    expect(dateAfter("2027-03-01", -1)).toBe("2027-02-28");
    expect(remindersDue("2026-12-28", "2026-12-20", false)).toEqual([]);
    expect(remindersDue("2026-12-28", "2026-12-21", false)).toEqual(["before-7"]);
    expect(remindersDue("2026-12-28", "2026-12-27", false)).toEqual(["before-1"]);
    expect(remindersDue("2026-12-28", "2026-12-30", false)).toEqual(["before-1"]);
    expect(remindersDue("2026-12-28", "2026-12-31", false)).toEqual(["after-3"]);
    expect(remindersDue("2026-12-28", "2026-12-31", true)).toEqual([]);
  });

  it("numbers receipts by year", () => {
    expect(receiptNumber(2026, 42)).toBe("RC-2026-000042");
  });
});
