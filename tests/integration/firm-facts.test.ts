import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLE_FIRM_FACTS } from "~/domain/firm";
import { loader as rootLoader } from "~/root";
import { action as homeAction } from "~/routes/home";
import { installFirmFacts } from "~/server/core/firm.server";
import { createMailer } from "~/server/email/mailer.server";
import { enquiryForm } from "../support/enquiry-form";
import { createTestContext, deliverWaitingMail, formRequest, getRequest, routeArgs, type TestContext } from "./app-context";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * Issue 33: the firm's legal facts are configuration (FIRM_*, decision 038), handed to every
 * page by the root loader and written under every mail that is sent.
 */

const FIRM = {
  FIRM_LEGAL_NAME: "Tigris Advisory Holdings Ltd",
  FIRM_COMPANY_NUMBER: "09876543",
  FIRM_REGULATOR: "Dubai Financial Services Authority",
  FIRM_LICENCE_NUMBER: "F001234",
  FIRM_REGISTERED_OFFICE: "Gate Village 4, DIFC, Dubai",
  FIRM_PHONE: "+97143000000",
  FIRM_EMAIL: "office@tigris.example",
};

let t: TestDatabase;
let context: TestContext;
beforeAll(async () => {
  t = await createTestDatabase();
  context = createTestContext(t, FIRM);
});
afterAll(async () => {
  installFirmFacts(EXAMPLE_FIRM_FACTS);
  await t?.destroy();
});

describe(`the firm's legal facts (${testDriver})`, () => {
  it("are handed to every page by the root loader, as configured", async () => {
    const answer = (await rootLoader(routeArgs(getRequest("/legal/privacy-policy"), context))) as unknown as { data: { firm: unknown } };
    expect(answer.data.firm).toEqual({
      legalName: "Tigris Advisory Holdings Ltd",
      companyNumber: "09876543",
      regulator: "Dubai Financial Services Authority",
      licenceNumber: "F001234",
      registeredOffice: "Gate Village 4, DIFC, Dubai",
      phone: "+971 4 300 0000",
      email: "office@tigris.example",
      isExample: false,
    });
  });

  it("are in the footer of a mail that is sent: legal name and company number in the text and the HTML", async () => {
    const email = `footer-${Date.now()}@example.com`;
    const answer = (await homeAction(routeArgs(formRequest("/?index", enquiryForm(email)), context))) as { data?: { status?: string } };
    expect(answer.data?.status).toBe("sent");
    const mailer = createMailer({ smtpUrl: undefined, from: context.config.mail.from, dataDir: context.dataDir, logger: pino({ level: "silent" }) });
    expect((await deliverWaitingMail(t.db, mailer, pino({ level: "silent" }))).sent).toBeGreaterThan(0);
    const dir = path.join(context.dataDir, "mail");
    const mails = await Promise.all(readdirSync(dir).map(async (name) => simpleParser(readFileSync(path.join(dir, name)))));
    const receipts = mails.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(email)));
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    for (const part of [receipt!.text || "", receipt!.html || ""]) {
      expect(part).toContain("Tigris Advisory Holdings Ltd · Company number 09876543");
      expect(part).toContain("Licensed by Dubai Financial Services Authority, licence number F001234");
      expect(part).toContain("+971 4 300 0000 · office@tigris.example");
      expect(part).not.toContain("example details");
    }
  });
});
