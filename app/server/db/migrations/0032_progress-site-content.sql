-- A progress update posted gives the opportunity's public page its latest status (issue 36):
-- the render caches must see it (decision 024).
CREATE TRIGGER "progress_updates_site_content" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "progress_updates" FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();
