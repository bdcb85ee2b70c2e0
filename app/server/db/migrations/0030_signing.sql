CREATE TABLE "seal_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"p12" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"event" text NOT NULL,
	"actor" text NOT NULL,
	"ip_address" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signing_events_event_check" CHECK ("signing_events"."event" in ('prepared', 'viewed', 'code_sent', 'signed', 'sealed', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "signing_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"user_id" text,
	"investor_name" text NOT NULL,
	"investor_email" text NOT NULL,
	"opportunity_id" uuid,
	"opportunity_title" text NOT NULL,
	"locale" text NOT NULL,
	"unit" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"payment_plan" text NOT NULL,
	"prepared_by" text,
	"prepared_by_name" text NOT NULL,
	"prepared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"prepared_pdf" "bytea" NOT NULL,
	"prepared_sha256" text NOT NULL,
	"code_hash" text,
	"code_sent_at" timestamp with time zone,
	"code_expires_at" timestamp with time zone,
	"code_tries" integer DEFAULT 0 NOT NULL,
	"signer_name" text,
	"signature_style" text,
	"signed_at" timestamp with time zone,
	"signed_ip" text,
	"signed_pages_sha256" text,
	"signed_pdf" "bytea",
	"signed_sha256" text,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "signing_requests_kind_check" CHECK ("signing_requests"."kind" in ('reservation', 'expression_of_interest')),
	CONSTRAINT "signing_requests_status_check" CHECK ("signing_requests"."status" in ('awaiting', 'signed', 'withdrawn')),
	CONSTRAINT "signing_requests_currency_check" CHECK ("signing_requests"."currency" in ('USD', 'AED', 'IQD', 'JOD', 'EUR', 'GBP')),
	CONSTRAINT "signing_requests_locale_check" CHECK ("signing_requests"."locale" in ('en', 'ar', 'ckb')),
	CONSTRAINT "signing_requests_amount_check" CHECK ("signing_requests"."amount_minor" > 0),
	CONSTRAINT "signing_requests_signed_check" CHECK ("signing_requests"."status" <> 'signed' or ("signing_requests"."signed_pdf" is not null and "signing_requests"."signed_sha256" is not null and "signing_requests"."signed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "signed_agreement_id" uuid;--> statement-breakpoint
ALTER TABLE "signing_events" ADD CONSTRAINT "signing_events_request_id_signing_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signing_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_prepared_by_user_id_fk" FOREIGN KEY ("prepared_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signing_events_request_idx" ON "signing_events" USING btree ("request_id","at");--> statement-breakpoint
CREATE INDEX "signing_requests_user_idx" ON "signing_requests" USING btree ("user_id","prepared_at");--> statement-breakpoint
CREATE INDEX "signing_requests_opportunity_idx" ON "signing_requests" USING btree ("opportunity_id","user_id");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_signed_agreement_id_signing_requests_id_fk" FOREIGN KEY ("signed_agreement_id") REFERENCES "public"."signing_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_signed_agreement_idx" ON "email_outbox" USING btree ("signed_agreement_id");