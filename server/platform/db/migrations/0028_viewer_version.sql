-- Issue 23: the viewer version. Instances keep a signed-in member's session lookup in memory for a few
-- seconds; an entry is only used while this counter is unchanged, so a sign-out, a suspension, a
-- role or tier change takes effect on the next request on every instance (ADR 0032).
CREATE TABLE viewer_version (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  version bigint NOT NULL DEFAULT 1
);--> statement-breakpoint
INSERT INTO viewer_version (id, version) VALUES (1, 1);--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_viewer_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE viewer_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A session ends (sign-out, suspension, expiry sweep) or is cut short. Refreshing a session only
-- extends it and does not bump (a cached entry never outlives the expiry it was read with).
CREATE TRIGGER sessions_viewer_version_del AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION bump_viewer_version();--> statement-breakpoint
CREATE TRIGGER sessions_viewer_version_trunc AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_viewer_version();--> statement-breakpoint
CREATE TRIGGER sessions_viewer_version_upd AFTER UPDATE ON sessions
  FOR EACH ROW WHEN (OLD.token IS DISTINCT FROM NEW.token OR OLD.user_id IS DISTINCT FROM NEW.user_id
                     OR NEW.expires_at < OLD.expires_at)
  EXECUTE FUNCTION bump_viewer_version();--> statement-breakpoint
-- What the cached viewer holds: the user row (name, role, suspension) and the profile (tier, usage).
CREATE TRIGGER users_viewer_version_upd AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION bump_viewer_version();--> statement-breakpoint
CREATE TRIGGER users_viewer_version_del AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION bump_viewer_version();--> statement-breakpoint
CREATE TRIGGER user_profiles_viewer_version_upd AFTER UPDATE ON user_profiles
  FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION bump_viewer_version();--> statement-breakpoint
CREATE TRIGGER user_profiles_viewer_version_ins_del AFTER INSERT OR DELETE ON user_profiles
  FOR EACH ROW EXECUTE FUNCTION bump_viewer_version();
