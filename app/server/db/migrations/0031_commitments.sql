CREATE TABLE "call_reminders" (
	"call_id" uuid NOT NULL,
	"lead" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_reminders_call_id_lead_pk" PRIMARY KEY("call_id","lead"),
	CONSTRAINT "call_reminders_lead_check" CHECK ("call_reminders"."lead" in ('before-7', 'before-1', 'after-3'))
);
--> statement-breakpoint
CREATE TABLE "commitments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"investor_name" text NOT NULL,
	"investor_email" text NOT NULL,
	"entity_name" text,
	"opportunity_id" uuid,
	"opportunity_title" text NOT NULL,
	"unit" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"source" text NOT NULL,
	"signing_request_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commitments_signing_request_unique" UNIQUE("signing_request_id"),
	CONSTRAINT "commitments_currency_check" CHECK ("commitments"."currency" in ('USD', 'AED', 'IQD', 'JOD')),
	CONSTRAINT "commitments_source_check" CHECK ("commitments"."source" in ('signed', 'manual')),
	CONSTRAINT "commitments_amount_check" CHECK ("commitments"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "construction_milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opportunity_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"certified_on" date,
	"note" text,
	"due_days" integer,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"certified_by" text,
	"certified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "construction_milestones_opportunity_kind_level_unique" UNIQUE("opportunity_id","kind","level"),
	CONSTRAINT "construction_milestones_kind_check" CHECK ("construction_milestones"."kind" in ('booking', 'foundation', 'structure', 'facade', 'handover')),
	CONSTRAINT "construction_milestones_level_check" CHECK (("construction_milestones"."kind" = 'structure') = ("construction_milestones"."level" > 0)),
	CONSTRAINT "construction_milestones_certified_check" CHECK (("construction_milestones"."certified_on" is null) = ("construction_milestones"."certified_at" is null))
);
--> statement-breakpoint
CREATE TABLE "instalment_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"commitment_id" uuid NOT NULL,
	"instalment_id" uuid,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"milestone_id" uuid,
	"due_on" date NOT NULL,
	"called_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instalment_calls_commitment_instalment_unique" UNIQUE("commitment_id","instalment_id"),
	CONSTRAINT "instalment_calls_currency_check" CHECK ("instalment_calls"."currency" in ('USD', 'AED', 'IQD', 'JOD')),
	CONSTRAINT "instalment_calls_amount_check" CHECK ("instalment_calls"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_plans" (
	"opportunity_id" uuid PRIMARY KEY NOT NULL,
	"escrow_bank" text NOT NULL,
	"escrow_account_name" text NOT NULL,
	"escrow_iban" text NOT NULL,
	"escrow_bic" text NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_proofs" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"key_id" text NOT NULL,
	"wrapped_key" "bytea" NOT NULL,
	"iv" "bytea" NOT NULL,
	"auth_tag" "bytea" NOT NULL,
	"ciphertext" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"commitment_id" uuid NOT NULL,
	"call_id" uuid,
	"recorded_by" text,
	"transferred_on" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'recorded' NOT NULL,
	"received_minor" bigint,
	"review_note" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"receipt_number" text,
	"receipt_pdf" "bytea",
	"receipt_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_receipt_number_unique" UNIQUE("receipt_number"),
	CONSTRAINT "payments_currency_check" CHECK ("payments"."currency" in ('USD', 'AED', 'IQD', 'JOD')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('recorded', 'confirmed', 'rejected')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_minor" > 0),
	CONSTRAINT "payments_confirmed_check" CHECK ("payments"."status" <> 'confirmed' or ("payments"."received_minor" > 0 and "payments"."receipt_number" is not null and "payments"."receipt_pdf" is not null))
);
--> statement-breakpoint
CREATE TABLE "plan_instalments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opportunity_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"share_points" integer NOT NULL,
	"due_kind" text NOT NULL,
	"due_on" date,
	"milestone_id" uuid,
	CONSTRAINT "plan_instalments_opportunity_position_unique" UNIQUE("opportunity_id","position"),
	CONSTRAINT "plan_instalments_due_kind_check" CHECK ("plan_instalments"."due_kind" in ('date', 'milestone')),
	CONSTRAINT "plan_instalments_share_check" CHECK ("plan_instalments"."share_points" > 0 and "plan_instalments"."share_points" <= 10000),
	CONSTRAINT "plan_instalments_due_check" CHECK (("plan_instalments"."due_kind" = 'date' and "plan_instalments"."due_on" is not null and "plan_instalments"."milestone_id" is null) or ("plan_instalments"."due_kind" = 'milestone' and "plan_instalments"."milestone_id" is not null and "plan_instalments"."due_on" is null))
);
--> statement-breakpoint
CREATE TABLE "progress_update_readers" (
	"update_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "progress_update_readers_update_id_user_id_pk" PRIMARY KEY("update_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "progress_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opportunity_id" uuid NOT NULL,
	"status" text NOT NULL,
	"percent" integer NOT NULL,
	"text" jsonb NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"posted_by" text,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "progress_updates_status_check" CHECK ("progress_updates"."status" in ('on_track', 'delayed', 'on_hold', 'completed')),
	CONSTRAINT "progress_updates_percent_check" CHECK ("progress_updates"."percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"period" text NOT NULL,
	"as_of" date NOT NULL,
	"locale" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statements_user_period_unique" UNIQUE("user_id","period"),
	CONSTRAINT "statements_locale_check" CHECK ("statements"."locale" in ('en', 'ar', 'ckb'))
);
--> statement-breakpoint
ALTER TABLE "signing_requests" DROP CONSTRAINT "signing_requests_currency_check";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "receipt_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "statement_id" uuid;--> statement-breakpoint
ALTER TABLE "call_reminders" ADD CONSTRAINT "call_reminders_call_id_instalment_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."instalment_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commitments" ADD CONSTRAINT "commitments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commitments" ADD CONSTRAINT "commitments_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commitments" ADD CONSTRAINT "commitments_signing_request_id_signing_requests_id_fk" FOREIGN KEY ("signing_request_id") REFERENCES "public"."signing_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commitments" ADD CONSTRAINT "commitments_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "construction_milestones" ADD CONSTRAINT "construction_milestones_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "construction_milestones" ADD CONSTRAINT "construction_milestones_certified_by_user_id_fk" FOREIGN KEY ("certified_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalment_calls" ADD CONSTRAINT "instalment_calls_commitment_id_commitments_id_fk" FOREIGN KEY ("commitment_id") REFERENCES "public"."commitments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalment_calls" ADD CONSTRAINT "instalment_calls_instalment_id_plan_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."plan_instalments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalment_calls" ADD CONSTRAINT "instalment_calls_milestone_id_construction_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."construction_milestones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_commitment_id_commitments_id_fk" FOREIGN KEY ("commitment_id") REFERENCES "public"."commitments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_call_id_instalment_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."instalment_calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_instalments" ADD CONSTRAINT "plan_instalments_opportunity_id_payment_plans_opportunity_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."payment_plans"("opportunity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_instalments" ADD CONSTRAINT "plan_instalments_milestone_id_construction_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."construction_milestones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_update_readers" ADD CONSTRAINT "progress_update_readers_update_id_progress_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."progress_updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_update_readers" ADD CONSTRAINT "progress_update_readers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_updates" ADD CONSTRAINT "progress_updates_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_updates" ADD CONSTRAINT "progress_updates_posted_by_user_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commitments_user_idx" ON "commitments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "commitments_opportunity_idx" ON "commitments" USING btree ("opportunity_id","created_at");--> statement-breakpoint
CREATE INDEX "instalment_calls_due_idx" ON "instalment_calls" USING btree ("due_on");--> statement-breakpoint
CREATE INDEX "payments_commitment_idx" ON "payments" USING btree ("commitment_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_call_idx" ON "payments" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "plan_instalments_milestone_idx" ON "plan_instalments" USING btree ("milestone_id");--> statement-breakpoint
CREATE INDEX "progress_update_readers_user_idx" ON "progress_update_readers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "progress_updates_opportunity_idx" ON "progress_updates" USING btree ("opportunity_id","posted_at");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_receipt_payment_id_payments_id_fk" FOREIGN KEY ("receipt_payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_receipt_payment_idx" ON "email_outbox" USING btree ("receipt_payment_id");--> statement-breakpoint
CREATE INDEX "email_outbox_statement_idx" ON "email_outbox" USING btree ("statement_id");--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_currency_check" CHECK ("signing_requests"."currency" in ('USD', 'AED', 'IQD', 'JOD'));