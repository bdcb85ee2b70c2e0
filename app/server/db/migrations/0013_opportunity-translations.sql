CREATE TABLE "opportunity_translations" (
	"opportunity_id" uuid NOT NULL,
	"locale" text NOT NULL,
	"title" text,
	"description" text,
	"location" text,
	"projected_returns" text,
	"investment_period" text,
	"project_highlights" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opportunity_translations_opportunity_id_locale_pk" PRIMARY KEY("opportunity_id","locale"),
	CONSTRAINT "opportunity_translations_locale_check" CHECK ("opportunity_translations"."locale" in ('ar', 'ckb'))
);
--> statement-breakpoint
ALTER TABLE "opportunity_translations" ADD CONSTRAINT "opportunity_translations_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE cascade ON UPDATE no action;