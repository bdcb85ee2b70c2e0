ALTER TABLE "consultation_bookings" ADD COLUMN "opportunity_id" uuid;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "invite_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "meeting_link" text;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "once_key" text;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_bookings_email_idx" ON "consultation_bookings" USING btree (lower("email")) WHERE "consultation_bookings"."user_id" is null;--> statement-breakpoint
CREATE INDEX "consultation_bookings_opportunity_idx" ON "consultation_bookings" USING btree ("opportunity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_once_key_unique" ON "email_outbox" USING btree ("once_key");