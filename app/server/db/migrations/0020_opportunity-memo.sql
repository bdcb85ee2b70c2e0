CREATE TABLE "opportunity_developer_projects" (
	"opportunity_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"year" integer NOT NULL,
	"status" text NOT NULL,
	CONSTRAINT "opportunity_developer_projects_opportunity_id_position_pk" PRIMARY KEY("opportunity_id","position"),
	CONSTRAINT "opportunity_developer_projects_status_check" CHECK ("opportunity_developer_projects"."status" in ('delivered', 'under_construction'))
);
--> statement-breakpoint
CREATE TABLE "opportunity_payment_plan" (
	"opportunity_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"share" numeric(5, 2) NOT NULL,
	"milestone" text NOT NULL,
	"label_ar" text,
	"milestone_ar" text,
	"label_ckb" text,
	"milestone_ckb" text,
	CONSTRAINT "opportunity_payment_plan_opportunity_id_position_pk" PRIMARY KEY("opportunity_id","position"),
	CONSTRAINT "opportunity_payment_plan_share_check" CHECK ("opportunity_payment_plan"."share" > 0 and "opportunity_payment_plan"."share" <= 100)
);
--> statement-breakpoint
CREATE TABLE "opportunity_slug_history" (
	"slug" text PRIMARY KEY NOT NULL,
	"opportunity_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD COLUMN "district" text;--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD COLUMN "developer_years_active" integer;--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD COLUMN "fees" text;--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD COLUMN "exit_route" text;--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD COLUMN "holding_period" text;--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD COLUMN "key_risks" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD COLUMN "construction_stage" text;--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD COLUMN "percent_complete" integer;--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD COLUMN "last_site_visit" date;--> statement-breakpoint
ALTER TABLE "opportunity_translations" ADD COLUMN "district" text;--> statement-breakpoint
ALTER TABLE "opportunity_translations" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "opportunity_translations" ADD COLUMN "fees" text;--> statement-breakpoint
ALTER TABLE "opportunity_translations" ADD COLUMN "exit_route" text;--> statement-breakpoint
ALTER TABLE "opportunity_translations" ADD COLUMN "holding_period" text;--> statement-breakpoint
ALTER TABLE "opportunity_translations" ADD COLUMN "key_risks" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "opportunity_developer_projects" ADD CONSTRAINT "opportunity_developer_projects_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_payment_plan" ADD CONSTRAINT "opportunity_payment_plan_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_slug_history" ADD CONSTRAINT "opportunity_slug_history_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opportunity_slug_history_opportunity_idx" ON "opportunity_slug_history" USING btree ("opportunity_id");--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD CONSTRAINT "investment_opportunities_slug_unique" UNIQUE("slug");--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD CONSTRAINT "investment_opportunities_slug_check" CHECK ("investment_opportunities"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$');--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD CONSTRAINT "investment_opportunities_coordinates_check" CHECK (("investment_opportunities"."latitude" is null) = ("investment_opportunities"."longitude" is null) and ("investment_opportunities"."latitude" is null or ("investment_opportunities"."latitude" between -90 and 90 and "investment_opportunities"."longitude" between -180 and 180)));--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD CONSTRAINT "investment_opportunities_percent_check" CHECK ("investment_opportunities"."percent_complete" is null or "investment_opportunities"."percent_complete" between 0 and 100);--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD CONSTRAINT "investment_opportunities_years_active_check" CHECK ("investment_opportunities"."developer_years_active" is null or "investment_opportunities"."developer_years_active" >= 0);--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD CONSTRAINT "investment_opportunities_construction_stage_check" CHECK ("investment_opportunities"."construction_stage" is null or "investment_opportunities"."construction_stage" in ('design', 'groundworks', 'structure', 'envelope', 'fit_out', 'handover'));--> statement-breakpoint
-- hand-written:
-- Every existing opportunity gets a slug from its English title, as slugify() in
-- app/domain/opportunity-slugs.ts makes one (accents taken off the common Latin letters,
-- ASCII letters and digits with hyphens between), at most 72 characters, "opportunity"
-- when nothing is left; a repeated one gets "-2", "-3", ... in order of creation.
WITH "base" AS (
  SELECT "id", "created_at",
    coalesce(nullif(left(trim(both '-' from regexp_replace(
      replace(replace(replace(replace(translate(lower("title"),
        'àáâãäåāăąçćčďèéêëēėęěğìíîïīįıľłñńňòóôõöōőřśšşťùúûüūůűųýÿžźż',
        'aaaaaaaaacccdeeeeeeeegiiiiiiillnnnooooooorssstuuuuuuuuyyzzz'),
        'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'ø', 'o'),
      '[^a-z0-9]+', '-', 'g')), 72), ''), 'opportunity') AS "slug"
  FROM "investment_opportunities"
), "numbered" AS (
  SELECT "id", trim(trailing '-' from "slug") AS "slug", row_number() OVER (PARTITION BY "slug" ORDER BY "created_at", "id") AS "n" FROM "base"
)
UPDATE "investment_opportunities" AS "o"
SET "slug" = CASE WHEN "numbered"."n" = 1 THEN "numbered"."slug" ELSE "numbered"."slug" || '-' || "numbered"."n" END
FROM "numbered" WHERE "o"."id" = "numbered"."id";--> statement-breakpoint
-- The memo's lists are content visitors' pages show: they raise the render caches' version
-- as the opportunity's own tables do (decision 024, migration 0016).
CREATE TRIGGER "opportunity_payment_plan_site_content" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "opportunity_payment_plan" FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();--> statement-breakpoint
CREATE TRIGGER "opportunity_developer_projects_site_content" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "opportunity_developer_projects" FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();--> statement-breakpoint
CREATE TRIGGER "opportunity_slug_history_site_content" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "opportunity_slug_history" FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();
