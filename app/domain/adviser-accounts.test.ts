import { describe, expect, it } from "vitest";
import { accountNames, adviserInviteSchema } from "./adviser-accounts";

describe("adviser accounts", () => {
  it("splits the adviser's name into the account's first and last names", () => {
    expect(accountNames("Layla Haddad")).toEqual({ firstName: "Layla", lastName: "Haddad" });
    expect(accountNames("  Karwan  Aziz Rashid ")).toEqual({ firstName: "Karwan", lastName: "Aziz Rashid" });
    expect(accountNames("Hemin")).toEqual({ firstName: "Hemin", lastName: "Hemin" });
  });

  it("reads an invitation: the adviser's id and a lower-cased address", () => {
    const id = "7a0f4c1e-9a51-4d55-9f5e-2b1f1c8d3a10";
    expect(adviserInviteSchema.parse({ id, email: " Layla@Example.COM " })).toEqual({ id, email: "layla@example.com" });
    expect(adviserInviteSchema.safeParse({ id, email: "not an address" }).success).toBe(false);
    expect(adviserInviteSchema.safeParse({ id: "12", email: "layla@example.com" }).success).toBe(false);
  });
});
