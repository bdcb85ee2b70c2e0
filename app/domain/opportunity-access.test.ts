import { describe, expect, it } from "vitest";
import { entitlementsFor } from "./entitlements";
import { EVERYONE, earlyAccessHorizon, isOpenToEveryone, mayNameInMail, maySeeOpportunity, opensToReaderAt } from "./opportunity-access";

const DAY = 24 * 3_600_000;
const NOW = new Date("2031-06-01T12:00:00Z");
const inDays = (days: number) => new Date(NOW.getTime() + days * DAY);

const plan = (name: string) => ({ name, maxOpportunities: null });
/** Every kind of reader, as entitlementsFor makes them. */
const READERS = {
  visitor: entitlementsFor({ signedIn: false, plan: null }),
  none: entitlementsFor({ signedIn: true, plan: null }),
  explorer: entitlementsFor({ signedIn: true, plan: plan("Explorer") }),
  investor: entitlementsFor({ signedIn: true, plan: plan("Investor") }),
  elite: entitlementsFor({ signedIn: true, plan: plan("Elite") }),
  admin: entitlementsFor({ signedIn: true, isAdmin: true, plan: null }),
};
type Who = keyof typeof READERS;
const WHO = Object.keys(READERS) as Who[];

describe("maySeeOpportunity", () => {
  it("shows an active opportunity 10 days before its public date to Elite members and admins only, and to everyone from that date", () => {
    const early = { status: "active" as const, publicAt: inDays(10) };
    expect(WHO.filter((who) => maySeeOpportunity(READERS[who], early, NOW))).toEqual(["elite", "admin"]);
    expect(WHO.filter((who) => maySeeOpportunity(READERS[who], early, inDays(10)))).toEqual(WHO);
    expect(WHO.filter((who) => maySeeOpportunity(READERS[who], { status: "active", publicAt: null }, NOW))).toEqual(WHO);
  });

  it("opens to Elite exactly 30 days before the public date, and to everyone exactly at it", () => {
    const opportunity = { status: "active" as const, publicAt: inDays(30) };
    expect(maySeeOpportunity(READERS.elite, opportunity, NOW)).toBe(true);
    expect(maySeeOpportunity(READERS.elite, opportunity, new Date(NOW.getTime() - 1))).toBe(false);
    expect(maySeeOpportunity(READERS.investor, opportunity, new Date(inDays(30).getTime() - 1))).toBe(false);
    expect(maySeeOpportunity(READERS.investor, opportunity, inDays(30))).toBe(true);
    // The public date as JSON gives it (a string) decides the same.
    expect(maySeeOpportunity(READERS.elite, { status: "active", publicAt: inDays(30).toISOString() }, NOW)).toBe(true);
  });

  it("shows nobody a draft or an archived opportunity, whatever its dates", () => {
    for (const status of ["draft", "archived"] as const) {
      for (const publicAt of [null, inDays(-5), inDays(5)]) {
        expect(WHO.filter((who) => maySeeOpportunity(READERS[who], { status, publicAt }, NOW)), `${status} ${publicAt?.toISOString()}`).toEqual([]);
      }
    }
  });

  it("agrees with isOpenToEveryone for a reader without early access", () => {
    for (const days of [-1, 0, 1, 29, 31]) {
      const o = { status: "active" as const, publicAt: inDays(days) };
      expect(isOpenToEveryone(o, NOW)).toBe(maySeeOpportunity(EVERYONE, o, NOW));
      expect(isOpenToEveryone(o, NOW)).toBe(days <= 0);
    }
  });
});

describe("earlyAccessHorizon and opensToReaderAt", () => {
  it("say the same thing from either side", () => {
    expect(earlyAccessHorizon(READERS.elite, NOW)).toEqual(inDays(30));
    expect(earlyAccessHorizon(READERS.investor, NOW)).toEqual(NOW);
    expect(opensToReaderAt({ publicAt: inDays(30) }, READERS.elite)).toEqual(NOW);
    expect(opensToReaderAt({ publicAt: inDays(30) }, READERS.explorer)).toEqual(inDays(30));
    expect(opensToReaderAt({ publicAt: null }, READERS.elite)).toBeNull();
  });
});

describe("mayNameInMail", () => {
  const early = { status: "active" as const, publicAt: inDays(10) };
  const own = "layla@example.com";
  const elite = (verifiedEmail: string | null) => ({ verifiedEmail, reader: READERS.elite });

  it("names an early opportunity only to the Elite member's own verified address, in any letters' case", () => {
    expect(mayNameInMail(early, { address: own, account: elite(own) }, NOW)).toBe(true);
    expect(mayNameInMail(early, { address: "Layla@Example.com", account: elite(own) }, NOW)).toBe(true);
    expect(mayNameInMail(early, { address: "someone.else@example.com", account: elite(own) }, NOW)).toBe(false);
    // Not verified: the address is only typed.
    expect(mayNameInMail(early, { address: own, account: elite(null) }, NOW)).toBe(false);
    // A visitor, or a member without early access at their own address.
    expect(mayNameInMail(early, { address: own, account: null }, NOW)).toBe(false);
    expect(mayNameInMail(early, { address: own, account: { verifiedEmail: own, reader: READERS.investor } }, NOW)).toBe(false);
  });

  it("names a public opportunity to any address, and a draft to none", () => {
    expect(mayNameInMail({ status: "active", publicAt: inDays(-1) }, { address: "anyone@example.com", account: null }, NOW)).toBe(true);
    expect(mayNameInMail({ status: "draft", publicAt: null }, { address: own, account: elite(own) }, NOW)).toBe(false);
  });
});
