CREATE TABLE "site_content_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "site_content_version_one_row" CHECK ("site_content_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "site_content_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
-- Every change to what visitors' pages show raises the version, whoever makes it (the admin
-- area, a script, a restore): the render caches compare it on every request (decision 024).
CREATE FUNCTION "bump_site_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "site_content_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "investment_opportunities_site_content" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "investment_opportunities" FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();--> statement-breakpoint
CREATE TRIGGER "opportunity_translations_site_content" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "opportunity_translations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();--> statement-breakpoint
CREATE TRIGGER "subscription_plans_site_content" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subscription_plans" FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();--> statement-breakpoint
CREATE TRIGGER "documents_site_content" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "documents" FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();--> statement-breakpoint
CREATE TRIGGER "availability_slots_site_content" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "availability_slots" FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();
