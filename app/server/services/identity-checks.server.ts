import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, ne } from "drizzle-orm";
import { AppError } from "~/domain/app-error";
import { isUuid } from "~/domain/uuid";
import { formatDayInZone } from "~/domain/booking-labels";
import { todayInZone } from "~/domain/calendar";
import { servedFile, shownFileName } from "~/domain/file-names";
import {
  approvalEndsAt,
  IDENTITY_FILE_MAX_BYTES,
  IDENTITY_FILE_PROBLEMS,
  IDENTITY_MESSAGES,
  identityFileSlug,
  reminderHorizon,
  type AdminIdentityCheck,
  type IdentityFileKind,
  type IdentityFileSummary,
  type IdentityReview,
  type IdentitySubmission,
  type OwnIdentityCheck,
} from "~/domain/identity-checks";
import { dateLocaleOf } from "~/i18n/date-locales";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/i18n/locales";
import { openSealed, sealedValues } from "../storage/sealed-files.server";
import { readPrivateUpload, type CheckedPrivateFile } from "../storage/private-uploads.server";
import type { Database } from "../db/client.server";
import { identityChecks, identityFiles, profiles, user } from "../db/schema.server";
import { enqueueEmail, enqueueEmailOnce, enqueueEmails } from "../email/outbox.server";
import { identityDecisionEmail, identityReminderEmail, identityWaitingEmail } from "../email/identity-emails.server";
import type { ServiceContext } from "../context/service-context.server";
import type { JobQueue } from "../jobs/queue.server";
import { requireAdmin, requireUser, type Actor } from "../security/actor.server";
import { requireFreshSecondFactor } from "../security/step-up.server";
import { recordAudit } from "./audit.server";
import { firstNameForMail, listAdminReaders } from "./users.server";

/**
 * Identity checks (issue 35, item 2; decision 044). An investor sends their files; they are
 * sealed (`core/envelope.server.ts`) in the transaction that records the check, and opened
 * only for the investor themself and for admins (each admin opening audited). An admin
 * approves (until IDENTITY_APPROVAL_MONTHS from now) or rejects with a reason; the
 * maintenance ends approvals that ran out, reminds 30 days before, re-seals file keys after
 * a master key rotation, and removes a deleted account's files after the retention period.
 */

const now = (ctx: Pick<ServiceContext, "clock">) => ctx.clock?.() ?? new Date();

/** A chosen file that passed: a PDF, JPEG or PNG by its parsed content, with the name it came with (cleaned, to show). */
export type CheckedIdentityFile = CheckedPrivateFile;

/** The chosen file checked by size and content: the file, a problem (a message key), or null when none was chosen. */
export async function readIdentityUpload(file: FormDataEntryValue | null): Promise<CheckedIdentityFile | { problem: string } | null> {
  const read = await readPrivateUpload(file, IDENTITY_FILE_MAX_BYTES);
  return read && "problem" in read ? { problem: IDENTITY_FILE_PROBLEMS[read.problem] } : read;
}

const fileColumns = {
  id: identityFiles.id,
  checkId: identityFiles.checkId,
  kind: identityFiles.kind,
  fileName: identityFiles.fileName,
  contentType: identityFiles.contentType,
  byteSize: identityFiles.byteSize,
};

type CheckRow = typeof identityChecks.$inferSelect;

/**
 * The name a file is served under and its type (decision 059): what it is, the day it was
 * sent (its check's, on the firm's calendar) and the type its content proved,
 * "identity-passport-2026-12-07.pdf"; never the name it came with.
 */
function identityServedFile(ctx: Pick<ServiceContext, "config">, check: Pick<CheckRow, "documentType" | "submittedAt">, file: { kind: IdentityFileKind; contentType: string }) {
  return servedFile(identityFileSlug(file.kind, check.documentType), todayInZone(ctx.config.firmTimeZone, check.submittedAt), file.contentType);
}

function summary(
  ctx: Pick<ServiceContext, "config">,
  row: CheckRow,
  files: Array<{ id: string; kind: IdentityFileKind; fileName: string; contentType: string; byteSize: number }>,
): Omit<OwnIdentityCheck, "status"> {
  const listed = (file: (typeof files)[number]): IdentityFileSummary => ({
    id: file.id,
    kind: file.kind,
    servedName: identityServedFile(ctx, row, file).fileName,
    // Cleaned again as it is shown: a name stored before decision 059 is as it came.
    sentAs: shownFileName(file.fileName),
    contentType: file.contentType,
    byteSize: file.byteSize,
  });
  return {
    documentType: row.documentType,
    entity: row.entityName ? { name: row.entityName, number: row.entityNumber ?? "", country: row.entityCountry ?? "" } : null,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    files: files.map(listed),
  };
}

/** The investor's own check, or "not_started". */
export async function getOwnIdentityCheck(ctx: ServiceContext, actor: Actor): Promise<OwnIdentityCheck> {
  const userId = requireUser(actor);
  const [row] = await ctx.db.select().from(identityChecks).where(eq(identityChecks.userId, userId)).limit(1);
  if (!row) return { status: "not_started", documentType: null, entity: null, submittedAt: null, reviewedAt: null, rejectionReason: null, expiresAt: null, files: [] };
  const files = await ctx.db.select(fileColumns).from(identityFiles).where(eq(identityFiles.checkId, row.id)).orderBy(asc(identityFiles.kind));
  return { status: row.status, ...summary(ctx, row, files) };
}

/** Where each user's check stands (the dashboard, the gate on confidential files); no row is "not_started". */
export async function identityStatuses(db: Database, userIds: readonly string[]): Promise<Map<string, OwnIdentityCheck["status"]>> {
  const statuses = new Map<string, OwnIdentityCheck["status"]>(userIds.map((id) => [id, "not_started"]));
  if (userIds.length === 0) return statuses;
  const rows = await db.select({ userId: identityChecks.userId, status: identityChecks.status }).from(identityChecks).where(inArray(identityChecks.userId, [...userIds]));
  for (const row of rows) if (row.userId) statuses.set(row.userId, row.status);
  return statuses;
}

/**
 * The investor sends (or, after a rejection or an expiry, sends again) their files: the
 * check becomes "submitted", the earlier files go, the new ones are sealed under the
 * current master key, and every admin is told a check waits. Refused while one is under
 * review or approved.
 */
export async function submitIdentityCheck(
  ctx: ServiceContext,
  actor: Actor,
  input: { form: IdentitySubmission; files: Partial<Record<IdentityFileKind, CheckedIdentityFile>> },
): Promise<void> {
  const userId = requireUser(actor);
  const { form, files } = input;
  const wanted: IdentityFileKind[] = form.throughEntity ? ["identity_document", "proof_of_address", "entity_registration"] : ["identity_document", "proof_of_address"];
  if (wanted.some((kind) => !files[kind])) throw new AppError("BAD_REQUEST", IDENTITY_MESSAGES.fileMissing);
  const at = now(ctx);
  const entity = form.throughEntity ? { entityName: form.entityName, entityNumber: form.entityNumber, entityCountry: form.entityCountry } : { entityName: null, entityNumber: null, entityCountry: null };
  await ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(identityChecks).where(eq(identityChecks.userId, userId)).for("update").limit(1);
    if (existing?.status === "submitted") throw new AppError("CONFLICT", IDENTITY_MESSAGES.underReview);
    if (existing?.status === "approved") throw new AppError("CONFLICT", IDENTITY_MESSAGES.alreadyApproved);
    const values = {
      status: "submitted" as const,
      documentType: form.documentType,
      ...entity,
      submittedAt: at,
      reviewedBy: null,
      reviewedAt: null,
      rejectionReason: null,
      expiresAt: null,
      reminderSentAt: null,
      updatedAt: at,
    };
    let checkId: string;
    if (existing) {
      checkId = existing.id;
      await tx.update(identityChecks).set(values).where(eq(identityChecks.id, checkId));
      await tx.delete(identityFiles).where(eq(identityFiles.checkId, checkId));
    } else {
      const [created] = await tx.insert(identityChecks).values({ userId, ...values }).returning({ id: identityChecks.id });
      checkId = created!.id;
    }
    for (const kind of wanted) {
      const file = files[kind]!;
      const id = randomUUID();
      await tx.insert(identityFiles).values({ id, checkId, kind, ...sealedValues(ctx.config.identity.keys, id, file) });
    }
    const admins = await listAdminReaders(tx);
    await enqueueEmails(
      tx,
      ctx.jobs,
      admins.map((admin) => ({ ...identityWaitingEmail({ siteUrl: ctx.config.siteUrl, locale: isLocale(admin.locale) ? admin.locale : DEFAULT_LOCALE }), to: admin.email, kind: "identity-waiting" })),
    );
  });
  ctx.log.info({ userId }, "identity check submitted");
}

/**
 * A file's bytes for its owner or an admin (each admin opening audited), under the name the
 * product builds and the type its content proved; undefined for anyone else or no such file.
 */
export async function openIdentityFile(ctx: ServiceContext, actor: Actor, { id }: { id: string }): Promise<{ bytes: Buffer; contentType: string; fileName: string } | undefined> {
  const userId = requireUser(actor);
  if (!isUuid(id)) return undefined;
  const [row] = await ctx.db
    .select({ file: identityFiles, owner: identityChecks.userId, check: { documentType: identityChecks.documentType, submittedAt: identityChecks.submittedAt } })
    .from(identityFiles)
    .innerJoin(identityChecks, eq(identityChecks.id, identityFiles.checkId))
    .where(and(eq(identityFiles.id, id), actor.kind === "user" && actor.isAdmin ? undefined : eq(identityChecks.userId, userId)))
    .limit(1);
  if (!row) return undefined;
  const { file } = row;
  const bytes = openSealed(ctx.config.identity.keys, file.id, file);
  if (row.owner !== userId) {
    await recordAudit(ctx.db, { actorId: userId, action: "identity.file-open", entity: "identity_checks", entityId: file.checkId, before: null, after: { fileId: file.id, kind: file.kind } });
  }
  return { bytes, ...identityServedFile(ctx, row.check, file) };
}

// ---- Admins ------------------------------------------------------------------------------------

/** The queue: checks waiting for a decision, oldest first, then the latest decided (at most 200 of each). */
export async function listIdentityChecksForAdmin(ctx: ServiceContext, actor: Actor): Promise<AdminIdentityCheck[]> {
  requireAdmin(actor);
  const select = () =>
    ctx.db
      .select({ check: identityChecks, name: user.name, email: user.email })
      .from(identityChecks)
      .leftJoin(user, eq(user.id, identityChecks.userId));
  const [waiting, decided] = await Promise.all([
    select().where(eq(identityChecks.status, "submitted")).orderBy(asc(identityChecks.submittedAt)).limit(200),
    select().where(ne(identityChecks.status, "submitted")).orderBy(desc(identityChecks.updatedAt)).limit(200),
  ]);
  const rows = [...waiting, ...decided];
  const files = rows.length === 0 ? [] : await ctx.db.select(fileColumns).from(identityFiles).where(inArray(identityFiles.checkId, rows.map((r) => r.check.id))).orderBy(asc(identityFiles.kind));
  return rows.map(({ check, name, email }) => ({
    id: check.id,
    status: check.status,
    investor: { id: check.userId, name: name ?? "", email: email ?? "" },
    reviewedBy: check.reviewedBy,
    ...summary(ctx, check, files.filter((f) => f.checkId === check.id)),
  }));
}

/**
 * Approves (until the configured months from now) or rejects with a reason a submitted check,
 * with a fresh second factor, never one's own (decision 058); audited, and the investor is mailed.
 */
export async function reviewIdentityCheck(ctx: ServiceContext, actor: Actor, review: IdentityReview): Promise<void> {
  const adminId = requireAdmin(actor);
  requireFreshSecondFactor(actor);
  const at = now(ctx);
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(identityChecks).where(and(eq(identityChecks.id, review.id), eq(identityChecks.status, "submitted"))).for("update").limit(1);
    if (!before) throw new AppError("NOT_FOUND", IDENTITY_MESSAGES.notFound);
    // Nobody decides their own identity check (issue 52, decision 058): another admin does.
    if (before.userId === adminId) throw new AppError("FORBIDDEN", IDENTITY_MESSAGES.ownCheck);
    const decided =
      review.decision === "approve"
        ? { status: "approved" as const, expiresAt: approvalEndsAt(at, ctx.config.identity.approvalMonths), rejectionReason: null }
        : { status: "rejected" as const, expiresAt: null, rejectionReason: review.reason };
    const [after] = await tx
      .update(identityChecks)
      .set({ ...decided, reviewedBy: adminId, reviewedAt: at, reminderSentAt: null, updatedAt: at })
      .where(eq(identityChecks.id, before.id))
      .returning();
    await recordAudit(tx, {
      actorId: adminId,
      action: review.decision === "approve" ? "identity.approve" : "identity.reject",
      entity: "identity_checks",
      entityId: before.id,
      before: { status: before.status },
      after: { status: after!.status, expiresAt: after!.expiresAt, rejectionReason: after!.rejectionReason },
    });
    const investor = await investorForMail(tx, before.userId);
    if (investor) {
      const until = after!.expiresAt ? formatDayInZone(after!.expiresAt, ctx.config.firmTimeZone, dateLocaleOf(investor.locale)) : "";
      const mail =
        review.decision === "approve"
          ? identityDecisionEmail({ siteUrl: ctx.config.siteUrl, firstName: investor.firstName, locale: investor.locale, decision: "approved", until })
          : identityDecisionEmail({ siteUrl: ctx.config.siteUrl, firstName: investor.firstName, locale: investor.locale, decision: "rejected", reason: review.reason });
      await enqueueEmail(tx, ctx.jobs, { ...mail, to: investor.email, kind: "identity-decision" });
    }
  });
}

/** The investor's verified address, first name and language, or null (no account, or not verified: nothing is mailed). */
async function investorForMail(db: Database, userId: string | null): Promise<{ email: string; firstName: string | null; locale: Locale } | null> {
  if (!userId) return null;
  const [row] = await db
    .select({ email: user.email, verified: user.emailVerified, firstName: firstNameForMail, locale: user.locale })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  if (!row?.verified) return null;
  return { email: row.email, firstName: row.firstName, locale: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE };
}

// ---- The hourly maintenance --------------------------------------------------------------------

/**
 * Ends approvals that ran out, reminds investors 30 days before theirs ends (once: the
 * mail's once-key), and removes the checks and files of deleted accounts past their
 * retention. Safe on every instance at once: each change is one conditional statement.
 */
export async function maintainIdentityChecks(
  ctx: Pick<ServiceContext, "db" | "config" | "clock"> & { jobs: Pick<JobQueue, "send"> },
): Promise<{ expired: number; reminded: number; purged: number }> {
  const at = now(ctx);
  const expired = await ctx.db
    .update(identityChecks)
    .set({ status: "expired", updatedAt: at })
    .where(and(eq(identityChecks.status, "approved"), lte(identityChecks.expiresAt, at)))
    .returning({ id: identityChecks.id });
  const horizon = reminderHorizon(at);
  const due = await ctx.db
    .select({ id: identityChecks.id, userId: identityChecks.userId, expiresAt: identityChecks.expiresAt })
    .from(identityChecks)
    .where(and(eq(identityChecks.status, "approved"), isNull(identityChecks.reminderSentAt), lte(identityChecks.expiresAt, horizon), isNotNull(identityChecks.userId)));
  let reminded = 0;
  for (const check of due) {
    await ctx.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(identityChecks)
        .set({ reminderSentAt: at })
        .where(and(eq(identityChecks.id, check.id), isNull(identityChecks.reminderSentAt)))
        .returning({ id: identityChecks.id });
      if (!claimed) return;
      const investor = await investorForMail(tx, check.userId);
      if (!investor) return;
      const until = formatDayInZone(check.expiresAt!, ctx.config.firmTimeZone, dateLocaleOf(investor.locale));
      const mail = identityReminderEmail({ siteUrl: ctx.config.siteUrl, firstName: investor.firstName, locale: investor.locale, until });
      if (await enqueueEmailOnce(tx, ctx.jobs, { ...mail, to: investor.email, kind: "identity-reminder" }, `identity-reminder:${check.id}:${check.expiresAt!.toISOString()}`)) reminded++;
    });
  }
  const purged = await ctx.db
    .delete(identityChecks)
    .where(and(isNull(identityChecks.userId), lte(identityChecks.retainUntil, at)))
    .returning({ id: identityChecks.id });
  return { expired: expired.length, reminded, purged: purged.length };
}

/** When the account goes (account-data's deletion): its check is kept, without the account, until the retention period ends. */
export async function retainIdentityCheckOf(tx: Database, userId: string, at: Date, years: number): Promise<void> {
  const until = new Date(at);
  until.setUTCFullYear(until.getUTCFullYear() + years);
  await tx.update(identityChecks).set({ retainUntil: until, updatedAt: at }).where(eq(identityChecks.userId, userId));
}
