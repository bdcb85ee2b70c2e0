import { z } from "zod";
import type { MessageKey } from "~/i18n/i18n";
import { listViewSchema } from "./admin-table";
import { listPagingSchema } from "./list-page";

/*
 * The audit log as the admins read it (issue 34, /admin/audit): every admin write, who made
 * it, to which record, and what changed. The rows are written by the services
 * (app/server/services/audit.server.ts); this module names them for people.
 */

/** The records the log speaks of: the tables the services write (recordAudit's `entity`). */
export const AUDIT_ENTITIES = [
  "consultation_bookings",
  "contact_messages",
  "investment_opportunities",
  "opportunity_images",
  "opportunity_interests",
  "documents",
  "availability_slots",
  "advisers",
  "qualification_statements",
  "identity_checks",
  "nda_versions",
  "signing_requests",
  "commitments",
  "payment_plans",
  "construction_milestones",
  "payments",
  "progress_updates",
  "user",
  "user_roles",
  "notification_deliveries",
  "email_outbox",
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ENTITY_KEYS = {
  consultation_bookings: "admin.audit.entity.bookings",
  contact_messages: "admin.audit.entity.messages",
  investment_opportunities: "admin.audit.entity.opportunities",
  opportunity_images: "admin.audit.entity.photos",
  opportunity_interests: "admin.audit.entity.interests",
  documents: "admin.audit.entity.documents",
  availability_slots: "admin.audit.entity.slots",
  advisers: "admin.audit.entity.advisers",
  qualification_statements: "admin.audit.entity.qualification",
  identity_checks: "admin.audit.entity.identity",
  nda_versions: "admin.audit.entity.nda",
  signing_requests: "admin.audit.entity.signing",
  commitments: "admin.audit.entity.commitments",
  payment_plans: "admin.audit.entity.plans",
  construction_milestones: "admin.audit.entity.milestones",
  payments: "admin.audit.entity.payments",
  progress_updates: "admin.audit.entity.progress",
  user: "admin.audit.entity.users",
  user_roles: "admin.audit.entity.roles",
  notification_deliveries: "admin.audit.entity.whatsapp",
  email_outbox: "admin.audit.entity.emails",
} as const satisfies Record<AuditEntity, MessageKey>;

/**
 * Every action the services write, and what it is called. recordAudit takes only these, so
 * a new action cannot reach the log without a name; an older one no longer written still
 * shows as written (it is data).
 */
export const AUDIT_ACTION_KEYS = {
  "account.delete": "admin.audit.action.accountDelete",
  "adviser.create": "admin.audit.action.adviserCreate",
  "adviser.update": "admin.audit.action.adviserUpdate",
  "adviser.delete": "admin.audit.action.adviserDelete",
  "adviser.move": "admin.audit.action.adviserMove",
  "adviser.photo": "admin.audit.action.adviserPhoto",
  "adviser.photo-remove": "admin.audit.action.adviserPhotoRemove",
  "adviser.publish": "admin.audit.action.adviserPublish",
  "adviser.schedule": "admin.audit.action.adviserSchedule",
  "adviser.calendar-connect": "admin.audit.action.adviserCalendarConnect",
  "adviser.calendar-disconnect": "admin.audit.action.adviserCalendarDisconnect",
  "adviser.unpublish": "admin.audit.action.adviserUnpublish",
  "adviser.invite": "admin.audit.action.adviserInvite",
  "adviser.access-removed": "admin.audit.action.adviserAccessRemoved",
  "booking.cancel": "admin.audit.action.bookingCancel",
  "booking.move": "admin.audit.action.bookingMove",
  "booking.meeting-link": "admin.audit.action.bookingMeetingLink",
  "booking.outcome": "admin.audit.action.bookingOutcome",
  "booking.handover": "admin.audit.action.bookingHandover",
  "booking.propose": "admin.audit.action.bookingPropose",
  "booking.proposal-accept": "admin.audit.action.bookingProposalAccept",
  "booking.proposal-decline": "admin.audit.action.bookingProposalDecline",
  "booking.proposal-lapse": "admin.audit.action.bookingProposalLapse",
  "booking.status": "admin.audit.action.bookingStatus",
  "document.create": "admin.audit.action.documentCreate",
  "document.update": "admin.audit.action.documentUpdate",
  "document.replace": "admin.audit.action.documentReplace",
  "document.delete": "admin.audit.action.documentDelete",
  "identity.approve": "admin.audit.action.identityApprove",
  "identity.reject": "admin.audit.action.identityReject",
  "identity.file-open": "admin.audit.action.identityFileOpen",
  "interest.status": "admin.audit.action.interestStatus",
  "nda.version": "admin.audit.action.ndaVersion",
  "message.read": "admin.audit.action.messageRead",
  "signing.prepare": "admin.audit.action.signingPrepare",
  "signing.withdraw": "admin.audit.action.signingWithdraw",
  "signing.sign": "admin.audit.action.signingSign",
  "commitment.create": "admin.audit.action.commitmentCreate",
  "commitment.record": "admin.audit.action.commitmentRecord",
  "plan.save": "admin.audit.action.planSave",
  "plan.escrow-change": "admin.audit.action.planEscrowChange",
  "plan.escrow-change-request": "admin.audit.action.planEscrowChangeRequest",
  "plan.escrow-change-stop": "admin.audit.action.planEscrowChangeStop",
  "milestone.certify": "admin.audit.action.milestoneCertify",
  "payment.confirm": "admin.audit.action.paymentConfirm",
  "payment.reject": "admin.audit.action.paymentReject",
  "payment.proof-open": "admin.audit.action.paymentProofOpen",
  "progress.post": "admin.audit.action.progressPost",
  "opportunity.create": "admin.audit.action.opportunityCreate",
  "opportunity.update": "admin.audit.action.opportunityUpdate",
  "opportunity.delete": "admin.audit.action.opportunityDelete",
  "opportunity_image.caption": "admin.audit.action.photoCaption",
  "opportunity_image.create": "admin.audit.action.photoCreate",
  "opportunity_image.delete": "admin.audit.action.photoDelete",
  "opportunity_image.move": "admin.audit.action.photoMove",
  "qualification.create": "admin.audit.action.qualificationCreate",
  "qualification.revise": "admin.audit.action.qualificationRevise",
  "qualification.retire": "admin.audit.action.qualificationRetire",
  "slot.availability": "admin.audit.action.slotAvailability",
  "slot.create": "admin.audit.action.slotCreate",
  "slot.defaults": "admin.audit.action.slotDefaults",
  "slot.delete": "admin.audit.action.slotDelete",
  "user.end-sessions": "admin.audit.action.userEndSessions",
  "user.resend-verification": "admin.audit.action.userResendVerification",
  "user.role": "admin.audit.action.userRole",
  "notification.retry": "admin.audit.action.notificationRetry",
} as const satisfies Record<string, MessageKey>;
export type AuditAction = keyof typeof AUDIT_ACTION_KEYS;

/** Entries per page of the log. */
export const ADMIN_AUDIT_PAGE_SIZE = 25;

/** ?entity=, ?q= (an admin's e-mail, or a record's id), ?sort= and the page. */
export const adminAuditQuerySchema = listPagingSchema.extend({
  ...listViewSchema.shape,
  entity: z.enum(AUDIT_ENTITIES).optional().catch(undefined),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

/** One field a write changed, its values as text ("" for none). */
export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

/** One entry as the log's table shows it. */
export interface AdminAuditRow {
  id: string;
  /** created_at as PostgreSQL prints it (the page's cursor), and as ISO for display. */
  at: string;
  createdAt: string;
  action: string;
  entity: string;
  entityId: string;
  /** The acting admin's e-mail; null once the account is deleted, or for a visitor's own change. */
  actorEmail: string | null;
  actorId: string | null;
  changes: AuditChange[];
}

/** Longest value a change shows; the rest is in the database. */
export const AUDIT_VALUE_MAX = 80;

function asText(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > AUDIT_VALUE_MAX ? `${text.slice(0, AUDIT_VALUE_MAX - 1)}…` : text;
}

/**
 * The fields a write changed, from its before and after snapshots: every field either
 * holds, in the order the snapshots name them, leaving out those whose value is the same.
 * A create has no before and a delete no after; a snapshot that is not an object is one
 * field, "value".
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const record = (snapshot: unknown): Record<string, unknown> =>
    snapshot === null || snapshot === undefined ? {} : typeof snapshot === "object" && !Array.isArray(snapshot) ? (snapshot as Record<string, unknown>) : { value: snapshot };
  const was = record(before);
  const now = record(after);
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return fields
    .filter((field) => JSON.stringify(was[field] ?? null) !== JSON.stringify(now[field] ?? null))
    .map((field) => ({ field, before: asText(was[field]), after: asText(now[field]) }));
}

/** Where an entry's record can be opened, when it has a screen of its own. */
export function auditRecordPath(entity: string, entityId: string): string | null {
  if (entity === "consultation_bookings") return `/admin/bookings/${entityId}`;
  if (entity === "user" || entity === "user_roles") return "/admin?tab=users";
  if (entity === "contact_messages") return "/admin?tab=messages";
  if (entity === "documents") return "/admin/documents";
  if (entity === "opportunity_interests") return "/admin/interests";
  if (entity === "availability_slots") return "/admin?tab=availability";
  if (entity === "advisers") return "/admin/team";
  if (entity === "qualification_statements") return "/admin/qualification";
  if (entity === "identity_checks") return "/admin/identity";
  if (entity === "nda_versions") return "/admin?tab=opportunities";
  if (entity === "signing_requests") return "/admin/signing";
  if (entity === "commitments" || entity === "payment_plans" || entity === "construction_milestones" || entity === "payments" || entity === "progress_updates") return "/admin/commitments";
  if (entity === "investment_opportunities" || entity === "opportunity_images") return "/admin?tab=opportunities";
  return null;
}
