-- Every raise of the version is also announced (NOTIFY site_content_version, its value as
-- the payload, sent at commit): the embedded database's only instance keeps the version in
-- memory from these instead of reading it on every request (decision 024). PostgreSQL's
-- instances still read it per request; an announcement can reach them after the next request.
CREATE FUNCTION "announce_site_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('site_content_version', NEW."version"::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "site_content_version_announce" AFTER INSERT OR UPDATE ON "site_content_version" FOR EACH ROW EXECUTE FUNCTION "announce_site_content_version"();
