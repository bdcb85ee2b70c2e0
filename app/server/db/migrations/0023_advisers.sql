CREATE TABLE "adviser_translations" (
	"adviser_id" uuid NOT NULL,
	"locale" text NOT NULL,
	"role" text NOT NULL,
	"bio" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adviser_translations_adviser_id_locale_pk" PRIMARY KEY("adviser_id","locale"),
	CONSTRAINT "adviser_translations_locale_check" CHECK ("adviser_translations"."locale" in ('ar', 'ckb'))
);
--> statement-breakpoint
CREATE TABLE "advisers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"bio" text NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"markets" text[] DEFAULT '{}'::text[] NOT NULL,
	"photo_url" text,
	"position" integer DEFAULT 0 NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advisers_languages_check" CHECK ("advisers"."languages" <@ array['en', 'ar', 'ckb', 'kmr', 'tr', 'fa', 'fr', 'de']::text[]),
	CONSTRAINT "advisers_markets_check" CHECK ("advisers"."markets" <@ array['iraq', 'kurdistan-region', 'uae', 'jordan']::text[])
);
--> statement-breakpoint
ALTER TABLE "adviser_translations" ADD CONSTRAINT "adviser_translations_adviser_id_advisers_id_fk" FOREIGN KEY ("adviser_id") REFERENCES "public"."advisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advisers_published_position_idx" ON "advisers" USING btree ("is_published","position");--> statement-breakpoint
-- hand-written:
-- The advisers are on public pages (/team, the home page): a change to them raises the
-- site content version like the other content tables (decision 024, migration 0016).
CREATE TRIGGER "advisers_site_content" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "advisers" FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();--> statement-breakpoint
CREATE TRIGGER "adviser_translations_site_content" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "adviser_translations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();
