DROP INDEX "email_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "given_up_at" timestamp with time zone;--> statement-breakpoint
-- Mails the old worker gave up on (six failed attempts) stay given up.
UPDATE "email_outbox" SET "given_up_at" = "next_attempt_at" WHERE "sent_at" IS NULL AND "attempts" >= 6;--> statement-breakpoint
CREATE INDEX "email_outbox_unsent_idx" ON "email_outbox" USING btree ("created_at") WHERE "email_outbox"."sent_at" is null and "email_outbox"."given_up_at" is null;--> statement-breakpoint
ALTER TABLE "email_outbox" DROP COLUMN "next_attempt_at";
