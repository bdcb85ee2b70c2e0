CREATE TABLE "escrow_account_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opportunity_id" uuid NOT NULL,
	"escrow_bank" text NOT NULL,
	"escrow_account_name" text NOT NULL,
	"escrow_iban" text NOT NULL,
	"escrow_bic" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"takes_effect_at" timestamp with time zone,
	"requested_by" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "escrow_account_changes_status_check" CHECK ("escrow_account_changes"."status" in ('pending', 'applied', 'stopped')),
	CONSTRAINT "escrow_account_changes_decided_check" CHECK (("escrow_account_changes"."status" = 'pending') = ("escrow_account_changes"."decided_at" is null))
);
--> statement-breakpoint
CREATE TABLE "used_second_factor_codes" (
	"user_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "used_second_factor_codes_user_id_code_hash_pk" PRIMARY KEY("user_id","code_hash")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "escrow_account_changes" ADD CONSTRAINT "escrow_account_changes_opportunity_id_payment_plans_opportunity_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."payment_plans"("opportunity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_account_changes" ADD CONSTRAINT "escrow_account_changes_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_account_changes" ADD CONSTRAINT "escrow_account_changes_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_second_factor_codes" ADD CONSTRAINT "used_second_factor_codes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "escrow_account_changes_one_pending" ON "escrow_account_changes" USING btree ("opportunity_id") WHERE "escrow_account_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "escrow_account_changes_opportunity_idx" ON "escrow_account_changes" USING btree ("opportunity_id","requested_at");--> statement-breakpoint
CREATE INDEX "used_second_factor_codes_used_at_idx" ON "used_second_factor_codes" USING btree ("used_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('booking-confirmed', 'booking-moved', 'booking-cancelled', 'booking-reminder-24h', 'booking-reminder-1h', 'document-published', 'interest-status', 'signature-requested', 'instalment-call', 'instalment-reminder', 'receipt-issued', 'progress-update', 'opportunity-alert', 'security-notice', 'escrow-change-held', 'escrow-change-stopped'));