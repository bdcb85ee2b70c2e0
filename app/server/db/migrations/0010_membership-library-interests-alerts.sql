CREATE TABLE "alert_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"topic" text NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"unsubscribe_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_subscriptions_topic_check" CHECK ("alert_subscriptions"."topic" in ('app_launch', 'new_opportunities'))
);
--> statement-breakpoint
CREATE TABLE "document_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"kind" text NOT NULL,
	"audience" text NOT NULL,
	"opportunity_id" uuid,
	"file_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"page_count" integer NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_kind_check" CHECK ("documents"."kind" in ('investor_pack', 'market_report', 'legal_document', 'due_diligence_pack')),
	CONSTRAINT "documents_audience_check" CHECK ("documents"."audience" in ('public', 'signed_in', 'explorer', 'investor', 'elite'))
);
--> statement-breakpoint
CREATE TABLE "opportunity_alerts" (
	"opportunity_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"mailed" boolean NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opportunity_alerts_opportunity_id_subscription_id_pk" PRIMARY KEY("opportunity_id","subscription_id")
);
--> statement-breakpoint
CREATE TABLE "opportunity_interests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opportunity_id" uuid NOT NULL,
	"user_id" text,
	"amount_usd" numeric(16, 2) NOT NULL,
	"units" integer,
	"note" text,
	"status" text DEFAULT 'new' NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opportunity_interests_status_check" CHECK ("opportunity_interests"."status" in ('new', 'contacted', 'allocated', 'declined')),
	CONSTRAINT "opportunity_interests_amount_check" CHECK ("opportunity_interests"."amount_usd" > 0),
	CONSTRAINT "opportunity_interests_units_check" CHECK ("opportunity_interests"."units" is null or "opportunity_interests"."units" > 0)
);
--> statement-breakpoint
CREATE TABLE "stored_file_chunks" (
	"file_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "stored_file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"legacy_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_legacy_name_unique" UNIQUE("legacy_name"),
	CONSTRAINT "stored_files_size_check" CHECK ("stored_files"."byte_size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "unsubscribe_url" text;--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD COLUMN "public_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD CONSTRAINT "alert_subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_downloads" ADD CONSTRAINT "document_downloads_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_downloads" ADD CONSTRAINT "document_downloads_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_alerts" ADD CONSTRAINT "opportunity_alerts_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_alerts" ADD CONSTRAINT "opportunity_alerts_subscription_id_alert_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."alert_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_interests" ADD CONSTRAINT "opportunity_interests_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_interests" ADD CONSTRAINT "opportunity_interests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscriptions_topic_email_unique" ON "alert_subscriptions" USING btree ("topic","email");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscriptions_unsubscribe_unique" ON "alert_subscriptions" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscriptions_confirm_unique" ON "alert_subscriptions" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "alert_subscriptions_user_idx" ON "alert_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "alert_subscriptions_topic_confirmed_idx" ON "alert_subscriptions" USING btree ("topic","confirmed_at");--> statement-breakpoint
CREATE INDEX "document_downloads_document_idx" ON "document_downloads" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "document_downloads_user_created_idx" ON "document_downloads" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "document_downloads_created_idx" ON "document_downloads" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "documents_published_kind_idx" ON "documents" USING btree ("is_published","kind","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "documents_opportunity_idx" ON "documents" USING btree ("opportunity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_file_unique" ON "documents" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "documents_created_by_idx" ON "documents" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "documents_created_idx" ON "documents" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "opportunity_alerts_subscription_idx" ON "opportunity_alerts" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "opportunity_interests_live_unique" ON "opportunity_interests" USING btree ("opportunity_id","user_id") WHERE "opportunity_interests"."withdrawn_at" is null and "opportunity_interests"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "opportunity_interests_user_created_idx" ON "opportunity_interests" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "opportunity_interests_opportunity_created_idx" ON "opportunity_interests" USING btree ("opportunity_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "opportunity_interests_created_idx" ON "opportunity_interests" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
-- Opportunities already live became visible when they were made (alerts are only for what opens later).
UPDATE "investment_opportunities" SET "activated_at" = "created_at" WHERE "status" = 'active';