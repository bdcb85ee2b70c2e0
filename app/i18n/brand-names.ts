import { brand } from "~/domain/brand";
import type { MessageKey, Translate } from "./i18n";

type OfficeCity = (typeof brand.offices)[number]["city"];

/** The firm's office cities (app/domain/brand.ts) as catalogue keys. */
const OFFICE_NAMES: Record<OfficeCity, MessageKey> = {
  London: "office.london",
  Dubai: "office.dubai",
  Baghdad: "office.baghdad",
};

/** "London, Dubai, Baghdad" in the reader's language and with its list separator. */
export function officeList(t: Translate): string {
  return brand.offices.map((office) => t(OFFICE_NAMES[office.city])).join(t("list.separator"));
}
