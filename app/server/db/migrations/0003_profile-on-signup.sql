-- Every account gets its profile row in the same transaction that creates it, whichever
-- way it was created (e-mail sign-up, Google, LinkedIn, create-admin, tests): the names
-- given at sign-up travel on the user row and are copied here.
CREATE OR REPLACE FUNCTION create_profile_for_new_user() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO profiles (id, first_name, last_name, avatar_url)
  VALUES (NEW.id, NEW.first_name, NEW.last_name, NEW.image)
  ON CONFLICT (id) DO NOTHING;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_create_profile
  AFTER INSERT ON "user"
  FOR EACH ROW EXECUTE FUNCTION create_profile_for_new_user();
