-- Issue 23: a version per member for the pages only that member sees (ADR 0059: the member's own
-- pages). A member's dashboard is kept rendered in memory and served again only while the content
-- version, the viewer version and this member's version are what it was rendered at. The version moves
-- when anything of the member's the page shows is written, by whatever path: saved searches and
-- tools, the tools opened today (the usage figure), badges (earned, or announced).
--
-- Inserts and updates bump per row: a statement that changes no row (a repeated view's ON CONFLICT DO
-- NOTHING, the "unseen badges" update when there are none — both on every member page) fires nothing.
-- Deletes bump once per statement from its transition table: a bulk delete (old days' views) moves
-- each member's version once. Rows of visitors ('visitor:…' view subjects) move nothing. No foreign
-- key: the rows of a deleted account are deleted by cascade after the account itself, and their
-- triggers must not fail for it.
CREATE TABLE member_versions (
  user_id text PRIMARY KEY,
  version bigint NOT NULL DEFAULT 1
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_member_versions(ids text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO member_versions (user_id, version)
  SELECT DISTINCT id, 1 FROM unnest(ids) AS id WHERE id IS NOT NULL
  ON CONFLICT (user_id) DO UPDATE SET version = member_versions.version + 1
$$;--> statement-breakpoint
-- A row of a table with a user_id column (an update moves the member of the old and of the new row).
CREATE OR REPLACE FUNCTION member_version_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
    PERFORM bump_member_versions(ARRAY[OLD.user_id, NEW.user_id]);
  ELSE
    PERFORM bump_member_versions(ARRAY[NEW.user_id]);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A row of daily_tool_views: the subject is 'user:<id>' for members; visitors' rows move nothing.
CREATE OR REPLACE FUNCTION member_version_of_view() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.subject IS DISTINCT FROM NEW.subject THEN
    PERFORM bump_member_versions(ARRAY[
      CASE WHEN OLD.subject LIKE 'user:%' THEN substr(OLD.subject, 6) END,
      CASE WHEN NEW.subject LIKE 'user:%' THEN substr(NEW.subject, 6) END]);
  ELSIF NEW.subject LIKE 'user:%' THEN
    PERFORM bump_member_versions(ARRAY[substr(NEW.subject, 6)]);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Deleted rows, once per statement.
CREATE OR REPLACE FUNCTION member_versions_of_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_member_versions(ARRAY(SELECT DISTINCT user_id FROM gone));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_versions_of_deleted_views() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_member_versions(ARRAY(
    SELECT DISTINCT substr(subject, 6) FROM gone WHERE subject LIKE 'user:%'));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER saved_searches_member_version AFTER INSERT OR UPDATE ON saved_searches
  FOR EACH ROW EXECUTE FUNCTION member_version_of_row();--> statement-breakpoint
CREATE TRIGGER saved_searches_member_version_del AFTER DELETE ON saved_searches
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION member_versions_of_deleted();--> statement-breakpoint
CREATE TRIGGER saved_tools_member_version AFTER INSERT OR UPDATE ON saved_tools
  FOR EACH ROW EXECUTE FUNCTION member_version_of_row();--> statement-breakpoint
CREATE TRIGGER saved_tools_member_version_del AFTER DELETE ON saved_tools
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION member_versions_of_deleted();--> statement-breakpoint
CREATE TRIGGER member_badges_member_version AFTER INSERT OR UPDATE ON member_badges
  FOR EACH ROW EXECUTE FUNCTION member_version_of_row();--> statement-breakpoint
CREATE TRIGGER member_badges_member_version_del AFTER DELETE ON member_badges
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION member_versions_of_deleted();--> statement-breakpoint
CREATE TRIGGER daily_tool_views_member_version_ins AFTER INSERT ON daily_tool_views
  FOR EACH ROW WHEN (NEW.subject LIKE 'user:%') EXECUTE FUNCTION member_version_of_view();--> statement-breakpoint
CREATE TRIGGER daily_tool_views_member_version_upd AFTER UPDATE ON daily_tool_views
  FOR EACH ROW EXECUTE FUNCTION member_version_of_view();--> statement-breakpoint
CREATE TRIGGER daily_tool_views_member_version_del AFTER DELETE ON daily_tool_views
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION member_versions_of_deleted_views();
