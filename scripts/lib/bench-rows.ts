/**
 * The benchmarks' bulk rows: bookings and messages up to `total` each, as a busy year of
 * enquiries would leave them: every status and type, one message in ten unread, a surname
 * shared by three rows in a hundred (what the admin's search looks for: more than a page of
 * them at a thousand rows as at a million, so both sizes render the same page), and an e-mail
 * address each (`benchEmail`: a search that finds one row at either size). Names and mail
 * domains vary as people's do: a search's cost depends on how common the words typed are
 * (docs/decisions/042-search-text-columns.md). Plain SQL through
 * `query`, so it fills PostgreSQL (a pg client) and the embedded database (PGlite) alike.
 */
export type RunQuery = (text: string) => Promise<{ rows: Array<Record<string, unknown>> }>;

/** Rows inserted a statement: a quarter of a million fits PostgreSQL's memory and PGlite's. */
const ROWS_PER_STATEMENT = 250_000;

const FIRST_NAMES = ["Layla", "Omar", "Zainab", "Karim", "Noor", "Yusuf", "Huda", "Sami"];
const SURNAMES = ["Rahman", "Karimi", "Aziz", "Barzani", "Jaber", "Saleh", "Nouri", "Talabani"];
const MAIL_DOMAINS = ["gmail.com", "outlook.com", "icloud.com", "yahoo.com", "proton.me", "familyoffice.ae"];

/** Row `g`'s names and e-mail address, as the SQL below writes them. */
export function benchPerson(g: number): { firstName: string; lastName: string; email: string } {
  const firstName = FIRST_NAMES[Math.floor(g / 8) % 8]!;
  const lastName = g % 100 < 3 ? "Haddad" : SURNAMES[g % 8]!;
  const domain = MAIL_DOMAINS[Math.floor(g / 64) % 6]!;
  return { firstName, lastName, email: `${firstName}.${lastName}.${g}@${domain}`.toLowerCase() };
}

const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(",")}]`;

export async function seedBookingsAndMessages(query: RunQuery, total: number): Promise<void> {
  const have = Number((await query("select count(*)::int as n from consultation_bookings")).rows[0]!.n);
  const from = have + 1;
  if (total < from) return;
  const firstName = `(${sqlArray(FIRST_NAMES)})[1 + (g / 8) % 8]`;
  const surname = `(case when g % 100 < 3 then 'Haddad' else (${sqlArray(SURNAMES)})[1 + g % 8] end)`;
  const domain = `(${sqlArray(MAIL_DOMAINS)})[1 + (g / 64) % 6]`;
  for (let start = from; start <= total; start += ROWS_PER_STATEMENT) {
    const end = Math.min(total, start + ROWS_PER_STATEMENT - 1);
    await query(`
      with made as (
        insert into consultation_bookings (reference, first_name, last_name, email, investment_amount, message, booking_type, status, locale, created_at)
        select 'BENCH-' || g, ${firstName}, ${surname}, lower(${firstName} || '.' || ${surname} || '.' || g || '@' || ${domain}), '$' || (250 + g % 750) || ',000',
               'Interested in the payment plan and the escrow arrangements, reference ' || g,
               (array['consultation','investment_review','site_visit'])[1 + g % 3],
               (array['pending','confirmed','completed','cancelled'])[1 + g % 4],
               'en', now() - interval '1 minute' * (${total} - g)
        from generate_series(${start}, ${end}) as g
        returning id, first_name, last_name, email, investment_amount, message, created_at
      )
      insert into contact_messages (first_name, last_name, email, investment_amount, message, is_read, consultation_booking_id, created_at)
      select first_name, last_name, email, investment_amount, message, (row_number() over () % 10) <> 0, id, created_at from made`);
  }
  await query("analyze consultation_bookings");
  await query("analyze contact_messages");
}

/**
 * The audit log up to `total` rows (issue 34): one status change per bench booking, its
 * record's id the booking's reference ('BENCH-<n>', what the log's search by id looks for),
 * by no account (a visitor's own change), a minute apart like the bookings.
 */
export async function seedAuditLog(query: RunQuery, total: number): Promise<void> {
  const have = Number((await query("select count(*)::int as n from audit_log where entity_id like 'BENCH-%'")).rows[0]!.n);
  for (let start = have + 1; start <= total; start += ROWS_PER_STATEMENT) {
    const end = Math.min(total, start + ROWS_PER_STATEMENT - 1);
    await query(`
      insert into audit_log (actor_id, action, entity, entity_id, before, after, created_at)
      select null, 'booking.status', 'consultation_bookings', 'BENCH-' || g,
             jsonb_build_object('status', 'pending'), jsonb_build_object('status', (array['confirmed','completed','cancelled'])[1 + g % 3]),
             now() - interval '1 minute' * (${total} - g)
      from generate_series(${start}, ${end}) as g`);
  }
  await query("analyze audit_log");
}
