CREATE TABLE "nda_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nda_version_id" uuid NOT NULL,
	"opportunity_id" uuid,
	"user_id" text,
	"signer_name" text NOT NULL,
	"signer_email" text NOT NULL,
	"locale" text NOT NULL,
	"text_sha256" text NOT NULL,
	"ip_address" text,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nda_acceptances_version_user_unique" UNIQUE("nda_version_id","user_id"),
	CONSTRAINT "nda_acceptances_locale_check" CHECK ("nda_acceptances"."locale" in ('en', 'ar', 'ckb'))
);
--> statement-breakpoint
CREATE TABLE "nda_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opportunity_id" uuid,
	"opportunity_title" text NOT NULL,
	"version" integer NOT NULL,
	"body_en" text NOT NULL,
	"body_ar" text NOT NULL,
	"body_ckb" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nda_versions_opportunity_version_unique" UNIQUE("opportunity_id","version"),
	CONSTRAINT "nda_versions_version_check" CHECK ("nda_versions"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "is_confidential" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "nda_acceptances" ADD CONSTRAINT "nda_acceptances_nda_version_id_nda_versions_id_fk" FOREIGN KEY ("nda_version_id") REFERENCES "public"."nda_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nda_acceptances" ADD CONSTRAINT "nda_acceptances_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nda_acceptances" ADD CONSTRAINT "nda_acceptances_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nda_versions" ADD CONSTRAINT "nda_versions_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nda_versions" ADD CONSTRAINT "nda_versions_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nda_acceptances_user_idx" ON "nda_acceptances" USING btree ("user_id","opportunity_id");