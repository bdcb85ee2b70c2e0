/**
 * Cells for the admin CSV exports (issue 6). Spreadsheets run a cell that starts with a
 * formula character as a formula, so a visitor who types `=HYPERLINK(...)` into a form
 * could run it on the admin's machine (CSV injection). OWASP's advice, followed here: such
 * a cell gets a leading single quote, which makes Excel, LibreOffice and Numbers show it as
 * text. Quoting and escaping commas, quotes and line breaks is the CSV library's job.
 * https://owasp.org/www-community/attacks/CSV_Injection
 */

/**
 * What a cell may not start with: =, +, -, @, tab and carriage return (OWASP's list), and
 * the full-width =, +, - and @ that some spreadsheets fold into the plain ones.
 */
const FORMULA_TRIGGERS: ReadonlySet<string> = new Set(["=", "+", "-", "@", "\t", "\r", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"]);

/** The cell's text, with a leading ' when a spreadsheet would otherwise read it as a formula. */
export function neutraliseFormula(text: string): string {
  return text.length > 0 && FORMULA_TRIGGERS.has(text.charAt(0)) ? `'${text}` : text;
}

/** A value for one cell: missing values are empty cells. */
export type CsvValue = string | null | undefined;

/** One CSV record's cells, each safe to open in a spreadsheet. */
export function csvRecord(values: readonly CsvValue[]): string[] {
  return values.map((value) => neutraliseFormula(value ?? ""));
}
