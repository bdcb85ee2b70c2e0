import { brand } from "./brand";

/**
 * The firm's legal facts (issue 33): who the visitor is dealing with, as a regulator or a
 * court would name it. They are configuration (FIRM_* in app/server/core/config.server.ts,
 * decision 038), shown in the site footer, the home page's about section, every legal page
 * and every e-mail's footer. Without configuration the demo shows EXAMPLE_FIRM_FACTS,
 * marked as examples wherever they appear.
 */
export interface FirmFacts {
  legalName: string;
  companyNumber: string;
  /** The regulator that licenses the firm, where it has one (with `licenceNumber`). */
  regulator: string | null;
  licenceNumber: string | null;
  registeredOffice: string;
  /** International format, e.g. "+44 20 7946 0321". */
  phone: string;
  email: string;
  /** True when these are the demo's example values, not the firm's own: every surface says so. */
  isExample: boolean;
}

/** What the demo shows until FIRM_* are set: plainly not a real registration. */
export const EXAMPLE_FIRM_FACTS: FirmFacts = {
  legalName: brand.legalName,
  companyNumber: "00000000",
  regulator: "Example Financial Regulator",
  licenceNumber: "EX-000000",
  registeredOffice: brand.offices[0].address,
  phone: brand.phone,
  email: brand.email,
  isExample: true,
};

/** The tel: link of the firm's phone (digits and the leading +). */
export const firmPhoneLink = (facts: Pick<FirmFacts, "phone">) => `tel:${facts.phone.replace(/[^\d+]/g, "")}`;
