import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { AppError } from "~/domain/app-error";
import { formatMomentInZone } from "~/domain/admin-format";
import { formatDayInZone } from "~/domain/booking-labels";
import { brand } from "~/domain/brand";
import { formatMoney, parseMoney } from "~/domain/money";
import {
  pngFromDataUrl,
  sameName,
  SIGNING_CODE_MINUTES,
  SIGNING_CODE_RESEND_SECONDS,
  SIGNING_CODE_TRIES,
  SIGNING_CODES_PER_DAY,
  SIGNING_WRONG_CODES_PER_DAY,
  SIGNING_EVENT_KEYS,
  SIGNING_EVENTS,
  SIGNING_KIND_KEYS,
  SIGNING_MESSAGES,
  signingPath,
  signingReference,
  type AgreementForSigner,
  type SigningEvent,
  type SigningKind,
  type SigningPrepareForm,
  type SigningSignForm,
  type SigningSummary,
} from "~/domain/signing";
import { isUuid } from "~/domain/uuid";
import { dateLocaleOf } from "~/i18n/date-locales";
import { translator } from "~/i18n/i18n";
import { DEFAULT_LOCALE, directionOf, isLocale, type Locale } from "~/i18n/locales";
import { deriveMasterKey } from "../core/envelope.server";
import type { Database } from "../db/client.server";
import { identityChecks, investmentOpportunities, sealKeys, signingEvents, signingRequests, user } from "../db/schema.server";
import { addSignaturePage, renderAgreement, withAuditPage, type AgreementText } from "../documents/agreement-pdf.server";
import { makeSelfSignedSeal, sealPdf, type SealKey } from "../documents/seal.server";
import { enqueueEmail, enqueueEmails } from "../email/outbox.server";
import { agreementCodeEmail, agreementReadyEmail, agreementSignedEmail } from "../email/signing-emails.server";
import type { ServiceContext } from "../context/service-context.server";
import { requireAdmin, requireUser, type Actor } from "../security/actor.server";
import { countRefusal, hitLimit, isLimited, type LimitRule } from "../security/rate-limit.server";
import { requireFreshSecondFactor } from "../security/step-up.server";
import { recordAudit } from "./audit.server";
import { commitFromReservation } from "./commitments.server";
import { listAdminReaders } from "./users.server";
import { notify } from "../notifications/notify.server";

/*
 * Agreements to sign (issue 35, item 4; decision 046). An admin prepares one for an
 * investor whose identity is approved; the investor reads it, is mailed a one-time code,
 * and signs with it, their typed name and a drawn or adopted signature; the signed PDF gets
 * a signature page and the audit trail, is sealed with the firm's certificate, kept, and
 * mailed to the investor and the firm's admins. Only the investor it was prepared for and
 * admins can see one.
 */

const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");
const now = (ctx: Pick<ServiceContext, "clock">) => ctx.clock?.() ?? new Date();
const codeHash = (id: string, code: string) => sha256(`signing-code:${id}:${code}`);
const localeOf = (value: string | null | undefined): Locale => (value && isLocale(value) ? value : DEFAULT_LOCALE);

type Row = typeof signingRequests.$inferSelect;

// ---- The firm's seal ------------------------------------------------------------------------------

/**
 * The seal: the PKCS#12 from SEAL_P12_FILE, or else the self-signed one kept in the
 * database, made by whichever instance needs it first (the others read the same row).
 */
export async function sealKeyOf(ctx: Pick<ServiceContext, "db" | "config">): Promise<SealKey> {
  if (ctx.config.seal) return { p12: ctx.config.seal.p12, passphrase: ctx.config.seal.passphrase };
  const passphrase = deriveMasterKey(ctx.config.authSecret, "tigris document seal").toString("base64");
  const read = () => ctx.db.select({ p12: sealKeys.p12 }).from(sealKeys).where(eq(sealKeys.name, "default")).limit(1);
  let [found] = await read();
  if (!found) {
    await ctx.db.insert(sealKeys).values({ name: "default", p12: makeSelfSignedSeal(brand.legalName, passphrase).p12 }).onConflictDoNothing();
    [found] = await read();
  }
  return { p12: found!.p12, passphrase };
}

// ---- The agreement's words ----------------------------------------------------------------------

/** The agreement's text in its language: title, terms, body with its fields filled in. */
function agreementText(row: Pick<Row, "id" | "kind" | "locale" | "investorName" | "investorEmail" | "opportunityTitle" | "unit" | "amountMinor" | "currency" | "paymentPlan" | "preparedAt">, timeZone: string): AgreementText {
  const locale = localeOf(row.locale);
  const t = translator(locale);
  const reference = signingReference(row.kind, row.id);
  const amount = formatMoney(row.amountMinor, row.currency, locale);
  const date = formatDayInZone(row.preparedAt, timeZone, dateLocaleOf(locale));
  const values = { investorName: row.investorName, investorEmail: row.investorEmail, opportunity: row.opportunityTitle, unit: row.unit, amount, paymentPlan: row.paymentPlan, firm: brand.legalName, reference, date };
  const template = row.kind === "reservation" ? t("verification.signing.template.reservation", values) : t("verification.signing.template.expressionOfInterest", values);
  return {
    direction: directionOf(locale),
    lang: locale === "en" ? "en-GB" : locale,
    firm: brand.legalName,
    kicker: t(SIGNING_KIND_KEYS[row.kind]),
    title: t("verification.signing.pdf.title", { kind: t(SIGNING_KIND_KEYS[row.kind]), opportunity: row.opportunityTitle }),
    meta: [t("verification.signing.pdf.reference", { reference }), t("verification.signing.pdf.prepared", { date })],
    fields: [
      { label: t("verification.signing.field.investor"), value: `${row.investorName} (${row.investorEmail})` },
      { label: t("verification.signing.field.opportunity"), value: row.opportunityTitle },
      { label: t("verification.signing.field.unit"), value: row.unit },
      { label: t("verification.signing.field.amount"), value: amount },
      { label: t("verification.signing.field.paymentPlan"), value: row.paymentPlan },
    ],
    paragraphs: template
      .split(/\n\s*\n/)
      .map((p) => p.replace(/\s*\n\s*/g, " ").trim())
      .filter(Boolean),
    pageLabel: t("verification.signing.pdf.page", { n: "{{n}}" }),
  };
}

async function recordEvent(db: Database, requestId: string, event: SigningEvent, actorName: string, ipAddress: string | null, at: Date, sentTo?: string): Promise<void> {
  await db.insert(signingEvents).values({ requestId, event, actor: actorName, ipAddress, at, sentTo: sentTo ?? null });
}

// ---- Daily caps (issue 52, item 6) ----------------------------------------------------------------

const DAY: Pick<LimitRule, "windowSeconds"> = { windowSeconds: 24 * 60 * 60 };
const capsOf = (caps: { agreement: number; account: number }, name: string, requestId: string, userId: string) => [
  { key: `${name}:agreement:${requestId}`, rule: { ...DAY, max: caps.agreement } },
  { key: `${name}:user:${userId}`, rule: { ...DAY, max: caps.account } },
];

/** A daily cap reached: refused with the hours left in words. */
function overCap(ctx: Pick<ServiceContext, "metrics">, key: string, message: string, retryAfterSeconds: number): AppError {
  countRefusal(ctx, key);
  return new AppError("RATE_LIMITED", message, { detail: { rule: key.split(":", 1)[0], retryAfter: retryAfterSeconds }, values: { hours: Math.max(1, Math.ceil(retryAfterSeconds / 3600)) } });
}

function summaryOf(row: Pick<Row, "id" | "kind" | "status" | "opportunityTitle" | "preparedAt" | "signedAt" | "signedSha256">): SigningSummary {
  return {
    id: row.id,
    kind: row.kind,
    reference: signingReference(row.kind, row.id),
    status: row.status,
    opportunityTitle: row.opportunityTitle,
    preparedAt: row.preparedAt.toISOString(),
    signedAt: row.signedAt?.toISOString() ?? null,
    signedSha256: row.signedSha256,
  };
}

const SUMMARY = {
  id: signingRequests.id,
  kind: signingRequests.kind,
  status: signingRequests.status,
  opportunityTitle: signingRequests.opportunityTitle,
  preparedAt: signingRequests.preparedAt,
  signedAt: signingRequests.signedAt,
  signedSha256: signingRequests.signedSha256,
};

// ---- Admins -------------------------------------------------------------------------------------

/**
 * Prepares an agreement for an investor (by their address) whose identity check is
 * approved, in the investor's language, renders and keeps its PDF, and tells the investor
 * by mail. Audited.
 */
export async function prepareAgreement(ctx: ServiceContext, actor: Actor, form: SigningPrepareForm): Promise<{ id: string; reference: string }> {
  const adminId = requireAdmin(actor);
  // With a second factor proved in the last five minutes (issue 52, decision 058).
  requireFreshSecondFactor(actor);
  const at = now(ctx);
  const [investor] = await ctx.db
    .select({ id: user.id, name: user.name, email: user.email, verified: user.emailVerified, locale: user.locale, identity: identityChecks.status })
    .from(user)
    .leftJoin(identityChecks, eq(identityChecks.userId, user.id))
    .where(eq(sql`lower(${user.email})`, form.investorEmail.trim().toLowerCase()))
    .limit(1);
  if (!investor?.verified) throw new AppError("BAD_REQUEST", SIGNING_MESSAGES.investorUnknown);
  if (investor.identity !== "approved") throw new AppError("CONFLICT", SIGNING_MESSAGES.identityFirst);
  const [opportunity] = await ctx.db.select({ id: investmentOpportunities.id, title: investmentOpportunities.title }).from(investmentOpportunities).where(eq(investmentOpportunities.id, form.opportunityId)).limit(1);
  if (!opportunity) throw new AppError("BAD_REQUEST", SIGNING_MESSAGES.opportunityRequired);
  const [admin] = await ctx.db.select({ name: user.name }).from(user).where(eq(user.id, adminId)).limit(1);

  const id = crypto.randomUUID();
  const locale = localeOf(investor.locale);
  const fields = {
    id,
    kind: form.kind,
    locale,
    investorName: investor.name,
    investorEmail: investor.email,
    opportunityTitle: opportunity.title,
    unit: form.unit,
    amountMinor: parseMoney(form.amount, form.currency)!,
    currency: form.currency,
    paymentPlan: form.paymentPlan,
    preparedAt: at,
  };
  const pdf = await renderAgreement(agreementText(fields, ctx.config.firmTimeZone), at);
  await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(signingRequests)
      .values({ ...fields, userId: investor.id, opportunityId: opportunity.id, preparedBy: adminId, preparedByName: admin?.name ?? "", preparedPdf: pdf, preparedSha256: sha256(pdf) })
      .returning();
    await recordEvent(tx, id, "prepared", admin?.name ?? "", ctx.clientAddress ?? null, at);
    const { preparedPdf: _pdf, ...recorded } = created!;
    await recordAudit(tx, { actorId: adminId, action: "signing.prepare", entity: "signing_requests", entityId: id, before: null, after: { ...recorded, amountMinor: recorded.amountMinor.toString() } });
    const mail = agreementReadyEmail({ siteUrl: ctx.config.siteUrl, name: investor.name, locale, kind: form.kind, opportunity: opportunity.title, path: signingPath(id) });
    await notify(tx, { jobs: ctx.jobs, config: ctx.config, now: at }, {
      userId: investor.id,
      kind: "signature-requested",
      link: signingPath(id),
      data: { document: signingReference(form.kind, id), opportunity: opportunity.title },
      email: { ...mail, to: investor.email, kind: "agreement-ready" },
    });
  });
  return { id, reference: signingReference(form.kind, id) };
}

/** An agreement still waiting is withdrawn (the investor can no longer sign it). Audited. */
export async function withdrawAgreement(ctx: ServiceContext, actor: Actor, { id }: { id: string }): Promise<void> {
  const adminId = requireAdmin(actor);
  if (!isUuid(id)) throw new AppError("NOT_FOUND", SIGNING_MESSAGES.notFound);
  const at = now(ctx);
  await ctx.db.transaction(async (tx) => {
    const [after] = await tx
      .update(signingRequests)
      .set({ status: "withdrawn", withdrawnAt: at, codeHash: null })
      .where(and(eq(signingRequests.id, id), eq(signingRequests.status, "awaiting")))
      .returning({ id: signingRequests.id });
    if (!after) {
      const [exists] = await tx.select({ id: signingRequests.id }).from(signingRequests).where(eq(signingRequests.id, id)).limit(1);
      throw exists ? new AppError("CONFLICT", SIGNING_MESSAGES.notAwaiting) : new AppError("NOT_FOUND", SIGNING_MESSAGES.notFound);
    }
    const [admin] = await tx.select({ name: user.name }).from(user).where(eq(user.id, adminId)).limit(1);
    await recordEvent(tx, id, "withdrawn", admin?.name ?? "", ctx.clientAddress ?? null, at);
    await recordAudit(tx, { actorId: adminId, action: "signing.withdraw", entity: "signing_requests", entityId: id, before: { status: "awaiting" }, after: { status: "withdrawn" } });
  });
}

export interface AdminAgreementRow extends SigningSummary {
  investorName: string;
  investorEmail: string;
  userId: string | null;
  unit: string;
  amount: string;
}

/** The latest agreements, newest first (a page of 50), for the admin's list. */
export async function listAgreementsForAdmin(ctx: ServiceContext, actor: Actor, { userId }: { userId?: string } = {}): Promise<AdminAgreementRow[]> {
  requireAdmin(actor);
  const rows = await ctx.db
    .select({ ...SUMMARY, investorName: signingRequests.investorName, investorEmail: signingRequests.investorEmail, userId: signingRequests.userId, unit: signingRequests.unit, amountMinor: signingRequests.amountMinor, currency: signingRequests.currency })
    .from(signingRequests)
    .where(userId ? eq(signingRequests.userId, userId) : undefined)
    .orderBy(desc(signingRequests.preparedAt), desc(signingRequests.id))
    .limit(50);
  return rows.map((r) => ({ ...summaryOf(r), investorName: r.investorName, investorEmail: r.investorEmail, userId: r.userId, unit: r.unit, amount: formatMoney(r.amountMinor, r.currency, "en-GB") }));
}

// ---- The investor --------------------------------------------------------------------------------

/** The investor's own agreements, newest first. */
export async function listOwnAgreements(ctx: ServiceContext, actor: Actor): Promise<SigningSummary[]> {
  const userId = requireUser(actor);
  const rows = await ctx.db.select(SUMMARY).from(signingRequests).where(eq(signingRequests.userId, userId)).orderBy(desc(signingRequests.preparedAt)).limit(50);
  return rows.map(summaryOf);
}

/** One agreement, for the investor it was prepared for or an admin; undefined for anyone else (a 404). */
async function visibleRow(ctx: ServiceContext, actor: Actor, id: string): Promise<Row | undefined> {
  const userId = requireUser(actor);
  if (!isUuid(id)) return undefined;
  const [row] = await ctx.db.select().from(signingRequests).where(eq(signingRequests.id, id)).limit(1);
  if (!row) return undefined;
  if (actor.kind === "user" && actor.isAdmin) return row;
  return row.userId === userId ? row : undefined;
}


/**
 * The agreement as its investor reads it (in the language it was prepared in), with the
 * code's state. The investor's first view is a step of the audit trail.
 */
export async function getAgreementForSigner(ctx: ServiceContext, actor: Actor, { id }: { id: string }): Promise<AgreementForSigner | undefined> {
  const row = await visibleRow(ctx, actor, id);
  if (!row) return undefined;
  const mine = actor.kind === "user" && row.userId === actor.userId;
  if (mine && row.status === "awaiting") {
    const [seen] = await ctx.db.select({ id: signingEvents.id }).from(signingEvents).where(and(eq(signingEvents.requestId, row.id), eq(signingEvents.event, "viewed"))).limit(1);
    if (!seen) await recordEvent(ctx.db, row.id, "viewed", row.investorName, ctx.clientAddress ?? null, now(ctx));
  }
  const [check] = row.userId ? await ctx.db.select({ status: identityChecks.status }).from(identityChecks).where(eq(identityChecks.userId, row.userId)).limit(1) : [];
  const text = agreementText(row, ctx.config.firmTimeZone);
  const fresh = row.codeHash && row.codeExpiresAt && row.codeExpiresAt > now(ctx);
  return {
    summary: summaryOf(row),
    text: { title: text.title, kicker: text.kicker, meta: text.meta, fields: text.fields, paragraphs: text.paragraphs },
    locale: localeOf(row.locale),
    investorName: row.investorName,
    email: row.investorEmail,
    preparedSha256: row.preparedSha256,
    codeSentAt: fresh ? row.codeSentAt!.toISOString() : null,
    codeSentTo: fresh ? row.codeSentTo : null,
    identityApproved: check?.status === "approved",
    mine,
  };
}

/** The investor's own account, verified: where a code may be mailed. */
async function signerAccount(db: Database, userId: string) {
  const [account] = await db.select({ email: user.email, verified: user.emailVerified, name: user.name, identity: identityChecks.status }).from(user).leftJoin(identityChecks, eq(identityChecks.userId, user.id)).where(eq(user.id, userId)).limit(1);
  return account;
}

/**
 * Mails the investor a six-digit code for this agreement, to their account's verified
 * address (never one typed here). One a minute at most; a new code replaces the last.
 */
export async function sendSigningCode(ctx: ServiceContext, actor: Actor, { id }: { id: string }): Promise<{ sentTo: string }> {
  const userId = requireUser(actor);
  const row = await visibleRow(ctx, actor, id);
  if (!row || row.userId !== userId) throw new AppError("NOT_FOUND", SIGNING_MESSAGES.notFound);
  if (row.status !== "awaiting") throw new AppError("CONFLICT", SIGNING_MESSAGES.notAwaiting);
  const account = await signerAccount(ctx.db, userId);
  if (!account?.verified) throw new AppError("FORBIDDEN", SIGNING_MESSAGES.emailUnverified);
  if (account.identity !== "approved") throw new AppError("CONFLICT", SIGNING_MESSAGES.identityExpired);
  const at = now(ctx);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(signingRequests)
      .set({ codeHash: codeHash(row.id, code), codeSentAt: at, codeExpiresAt: new Date(at.getTime() + SIGNING_CODE_MINUTES * 60_000), codeTries: 0, codeSentTo: account.email })
      .where(
        and(
          eq(signingRequests.id, row.id),
          eq(signingRequests.status, "awaiting"),
          sql`(${signingRequests.codeSentAt} is null or ${signingRequests.codeSentAt} <= ${new Date(at.getTime() - SIGNING_CODE_RESEND_SECONDS * 1000)})`,
        ),
      )
      .returning({ id: signingRequests.id });
    if (!updated) throw new AppError("RATE_LIMITED", SIGNING_MESSAGES.codeWait);
    // Counted only for a code that goes (a refusal rolls its count back with the rest).
    for (const { key, rule } of capsOf(SIGNING_CODES_PER_DAY, "signing-code", row.id, userId)) {
      const spent = await hitLimit(tx, key, rule);
      if (!spent.allowed) throw overCap(ctx, key, SIGNING_MESSAGES.codesToday, spent.retryAfterSeconds);
    }
    // The event names the address the code went to: the signature page prints it (issue 52, item 1).
    await recordEvent(tx, row.id, "code_sent", row.investorName, ctx.clientAddress ?? null, at, account.email);
    const mail = agreementCodeEmail({ siteUrl: ctx.config.siteUrl, name: account.name, locale: localeOf(row.locale), code, minutes: SIGNING_CODE_MINUTES, reference: signingReference(row.kind, row.id), path: signingPath(row.id) });
    await enqueueEmail(tx, ctx.jobs, { ...mail, to: account.email, kind: "agreement-code" });
  });
  return { sentTo: account.email };
}

/**
 * Signs: the code (five tries, fifteen minutes), the name typed as it is on the agreement,
 * a drawn signature or the typed name adopted. Adds the signature page, then the audit
 * trail (every event, and the checksums before and after signing), seals the file, keeps it
 * and mails it to the investor and the firm's admins. Once only: a second attempt finds it signed.
 */
export async function signAgreement(ctx: ServiceContext, actor: Actor, { id, form }: { id: string; form: SigningSignForm }): Promise<{ signedSha256: string }> {
  const userId = requireUser(actor);
  const found = await visibleRow(ctx, actor, id);
  if (!found || found.userId !== userId) throw new AppError("NOT_FOUND", SIGNING_MESSAGES.notFound);
  // A drawn signature's size is read from its header before anything decodes it (issue 52, item 7).
  const read = form.style === "drawn" ? pngFromDataUrl(form.signature) : null;
  if (read && "refusal" in read) throw new AppError("BAD_REQUEST", read.refusal);
  const drawing = read?.png ?? null;
  if (!sameName(form.typedName, found.investorName)) throw new AppError("BAD_REQUEST", SIGNING_MESSAGES.nameMismatch);
  const key = await sealKeyOf(ctx);
  const at = now(ctx);

  const outcome = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(signingRequests).where(eq(signingRequests.id, id)).for("update").limit(1);
    if (!row || row.status !== "awaiting") return { error: new AppError("CONFLICT", SIGNING_MESSAGES.notAwaiting) };
    const account = await signerAccount(tx, userId);
    if (account?.identity !== "approved") return { error: new AppError("CONFLICT", SIGNING_MESSAGES.identityExpired) };
    // A code counts only while the account still has the address it was mailed to (a change
    // of address voids waiting codes too: issue 52, item 1).
    const sentToAccount = row.codeSentTo !== null && account.email.toLowerCase() === row.codeSentTo.toLowerCase();
    if (!row.codeHash || !row.codeExpiresAt || row.codeExpiresAt <= at || row.codeTries >= SIGNING_CODE_TRIES || !sentToAccount) {
      return { error: new AppError("BAD_REQUEST", SIGNING_MESSAGES.codeExpired) };
    }
    // Wrong codes are counted per agreement and per account for the day, across codes.
    const tries = capsOf(SIGNING_WRONG_CODES_PER_DAY, "signing-code-wrong", row.id, userId);
    for (const { key, rule } of tries) {
      const limited = await isLimited(tx, key, rule);
      if (!limited.allowed) return { error: overCap(ctx, key, SIGNING_MESSAGES.triesToday, limited.retryAfterSeconds) };
    }
    if (!timingSafeEqual(Buffer.from(row.codeHash, "hex"), Buffer.from(codeHash(row.id, form.code), "hex"))) {
      // A wrong code counts (committed, so the tries cannot be reset by failing the request).
      await tx.update(signingRequests).set({ codeTries: sql`${signingRequests.codeTries} + 1` }).where(eq(signingRequests.id, row.id));
      for (const { key, rule } of tries) await hitLimit(tx, key, rule);
      return { error: new AppError("BAD_REQUEST", SIGNING_MESSAGES.codeWrong) };
    }

    const locale = localeOf(row.locale);
    const t = translator(locale);
    const text = agreementText(row, ctx.config.firmTimeZone);
    const when = (d: Date) => formatMomentInZone(d, ctx.config.firmTimeZone, dateLocaleOf(locale));
    const address = ctx.clientAddress ?? null;
    const signedPages = await addSignaturePage(
      row.preparedPdf,
      text,
      {
        heading: t("verification.signing.pdf.signatureHeading"),
        lines: [t("verification.signing.pdf.signatureLead", { name: row.investorName, reference: signingReference(row.kind, row.id) })],
        ...(drawing ? { drawing } : {}),
        typedName: form.typedName.trim(),
        after: [
          t("verification.signing.pdf.signedOn", { date: when(at) }),
          // The address the code that signed was mailed to, not the one the agreement was prepared for.
          t("verification.signing.pdf.signedWith", { email: row.codeSentTo! }),
          t(form.style === "drawn" ? "verification.signing.pdf.styleDrawn" : "verification.signing.pdf.styleAdopted"),
          t("verification.signing.pdf.sealNote", { firm: brand.legalName }),
        ],
      },
      at,
    );
    const signedPagesSha256 = sha256(signedPages);
    await recordEvent(tx, row.id, "signed", row.investorName, address, at);
    // In time order; steps of the same instant in the order they can happen.
    const events = (await tx.select().from(signingEvents).where(eq(signingEvents.requestId, row.id))).sort(
      (a, b) => a.at.getTime() - b.at.getTime() || SIGNING_EVENTS.indexOf(a.event) - SIGNING_EVENTS.indexOf(b.event),
    );
    const doc = await withAuditPage(signedPages, text, {
      heading: t("verification.signing.pdf.auditHeading"),
      intro: t("verification.signing.pdf.auditIntro", { reference: signingReference(row.kind, row.id) }),
      columns: [t("verification.signing.pdf.auditEvent"), t("verification.signing.pdf.auditTime"), t("verification.signing.pdf.auditAddress")],
      rows: [
        ...events.map((e): [string, string, string] => [
          `${e.event === "code_sent" && e.sentTo ? t("verification.signing.event.codeSentTo", { email: e.sentTo }) : t(SIGNING_EVENT_KEYS[e.event])} (${e.actor})`,
          when(e.at),
          e.ipAddress ?? "—",
        ]),
        [`${t(SIGNING_EVENT_KEYS.sealed)} (${brand.legalName})`, when(at), "—"],
      ],
      closing: [
        t("verification.signing.pdf.shaBefore", { sha: row.preparedSha256 }),
        t("verification.signing.pdf.shaAfter", { sha: signedPagesSha256 }),
        t("verification.signing.pdf.verify"),
      ],
    });
    // The signature dictionary's words are PDF literal strings, which @signpdf writes as
    // Latin-1: they are in English whatever the agreement's language.
    const sealed = await sealPdf(doc, key, { reason: translator("en")("verification.signing.pdf.sealReason", { reference: signingReference(row.kind, row.id) }), location: brand.legalName, contactInfo: brand.email, name: brand.legalName }, at);
    const signedSha256 = sha256(sealed);
    await tx
      .update(signingRequests)
      .set({ status: "signed", signerName: form.typedName.trim(), signatureStyle: form.style, signedAt: at, signedIp: address, signedPagesSha256, signedPdf: sealed, signedSha256, codeHash: null })
      .where(eq(signingRequests.id, row.id));
    await recordEvent(tx, row.id, "sealed", brand.legalName, null, at);
    // A signed reservation is a commitment from now on (issue 36).
    await commitFromReservation(tx, ctx, row);
    await recordAudit(tx, { actorId: userId, action: "signing.sign", entity: "signing_requests", entityId: row.id, before: { status: "awaiting" }, after: { status: "signed", signedSha256, signedPagesSha256 } });

    // The signed copy, to the investor and to each admin, each in their own language.
    const copy = (to: string, mailLocale: Locale, forFirm: boolean) => ({
      ...agreementSignedEmail({ siteUrl: ctx.config.siteUrl, locale: mailLocale, kind: row.kind as SigningKind, name: row.investorName, opportunity: row.opportunityTitle, reference: signingReference(row.kind, row.id), sha: signedSha256, forFirm, path: forFirm ? `/admin/signing?investor=${row.userId ?? ""}` : signingPath(row.id) }),
      to,
      kind: forFirm ? "agreement-signed-firm" : "agreement-signed",
      signedAgreementId: row.id,
    });
    const admins = await listAdminReaders(tx);
    await enqueueEmails(tx, ctx.jobs, [...(account.verified ? [copy(account.email, locale, false)] : []), ...admins.map((a) => copy(a.email, localeOf(a.locale), true))]);
    return { signedSha256 };
  });
  if ("error" in outcome) throw outcome.error;
  return outcome;
}

/** The PDF of an agreement: the signed copy once there is one, else the prepared one; for its investor and admins. */
export async function agreementFile(ctx: ServiceContext, actor: Actor, { id }: { id: string }): Promise<{ bytes: Uint8Array; fileName: string; signed: boolean } | undefined> {
  const row = await visibleRow(ctx, actor, id);
  if (!row) return undefined;
  const reference = signingReference(row.kind, row.id);
  if (row.signedPdf) return { bytes: row.signedPdf, fileName: `${reference}-signed.pdf`, signed: true };
  return { bytes: row.preparedPdf, fileName: `${reference}.pdf`, signed: false };
}
