-- Issue 23: the viewer version moves only when something the cached viewer holds changes. It was
-- bumped by any change of a users or user_profiles row: a free member's daily view counter
-- (daily_usage, last_reset; written on every new tool they open), updated_at, the operator's
-- override dates. Each such write emptied every instance's session cache for every member.
-- Now only the columns the viewer is read from count (server/modules/accounts/viewer.ts: name,
-- e-mail, avatar, username, bio, role, suspension; tier, verification, dark mode); the views
-- counter is read where it is shown.
DROP TRIGGER IF EXISTS users_viewer_version_upd ON users;--> statement-breakpoint
CREATE TRIGGER users_viewer_version_upd AFTER UPDATE ON users
  FOR EACH ROW WHEN ((OLD.id, OLD.name, OLD.email, OLD.image, OLD.username, OLD.bio, OLD.role, OLD.suspended_at, OLD.created_at)
                     IS DISTINCT FROM (NEW.id, NEW.name, NEW.email, NEW.image, NEW.username, NEW.bio, NEW.role, NEW.suspended_at, NEW.created_at))
  EXECUTE FUNCTION bump_viewer_version();--> statement-breakpoint
DROP TRIGGER IF EXISTS user_profiles_viewer_version_upd ON user_profiles;--> statement-breakpoint
CREATE TRIGGER user_profiles_viewer_version_upd AFTER UPDATE ON user_profiles
  FOR EACH ROW WHEN ((OLD.user_id, OLD.tier, OLD.is_verified, OLD.verification_type, OLD.dark_mode)
                     IS DISTINCT FROM (NEW.user_id, NEW.tier, NEW.is_verified, NEW.verification_type, NEW.dark_mode))
  EXECUTE FUNCTION bump_viewer_version();
