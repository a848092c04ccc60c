-- Issue 23: a version per member for the pages only that member sees (ADR 0059: the member's own
-- pages). A member's dashboard is kept rendered in memory and served again only while the content
-- version, the viewer version and this member's version are what it was rendered at. The version moves
-- when anything of the member's the page shows is written, by whatever path: saved searches and
-- tools, the tools opened today (the usage figure), badges (earned, or announced). Statement-level
-- triggers with transition tables: a bulk delete moves each member's version once, and rows of
-- visitors ('visitor:…' subjects) move nothing. No foreign key: the rows of a deleted account are
-- deleted by cascade after the account itself, and their triggers must not fail for it.
CREATE TABLE member_versions (
  user_id text PRIMARY KEY,
  version bigint NOT NULL DEFAULT 1
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_member_versions(ids text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO member_versions (user_id, version)
  SELECT DISTINCT id, 1 FROM unnest(ids) AS id WHERE id IS NOT NULL
  ON CONFLICT (user_id) DO UPDATE SET version = member_versions.version + 1
$$;--> statement-breakpoint
-- Tables with a user_id column (an update moves the members of its old rows and of its new rows).
CREATE OR REPLACE FUNCTION member_versions_from_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_member_versions(ARRAY(SELECT DISTINCT user_id FROM changed_rows));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- daily_tool_views: the subject is 'user:<id>' for members.
CREATE OR REPLACE FUNCTION member_versions_from_view_subjects() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_member_versions(ARRAY(
    SELECT DISTINCT substr(subject, 6) FROM changed_rows WHERE subject LIKE 'user:%'));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER saved_searches_member_version_ins AFTER INSERT ON saved_searches
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_from_new();--> statement-breakpoint
CREATE TRIGGER saved_searches_member_version_upd AFTER UPDATE ON saved_searches
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_from_new();--> statement-breakpoint
CREATE TRIGGER saved_searches_member_version_upd_old AFTER UPDATE ON saved_searches
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_from_new();--> statement-breakpoint
CREATE TRIGGER saved_searches_member_version_del AFTER DELETE ON saved_searches
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_from_new();--> statement-breakpoint
CREATE TRIGGER saved_tools_member_version_ins AFTER INSERT ON saved_tools
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_from_new();--> statement-breakpoint
CREATE TRIGGER saved_tools_member_version_upd AFTER UPDATE ON saved_tools
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_from_new();--> statement-breakpoint
CREATE TRIGGER saved_tools_member_version_upd_old AFTER UPDATE ON saved_tools
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_from_new();--> statement-breakpoint
CREATE TRIGGER saved_tools_member_version_del AFTER DELETE ON saved_tools
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_from_new();--> statement-breakpoint
CREATE TRIGGER member_badges_member_version_ins AFTER INSERT ON member_badges
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_from_new();--> statement-breakpoint
CREATE TRIGGER member_badges_member_version_upd AFTER UPDATE ON member_badges
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_from_new();--> statement-breakpoint
CREATE TRIGGER member_badges_member_version_upd_old AFTER UPDATE ON member_badges
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_from_new();--> statement-breakpoint
CREATE TRIGGER member_badges_member_version_del AFTER DELETE ON member_badges
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_from_new();--> statement-breakpoint
CREATE TRIGGER daily_tool_views_member_version_ins AFTER INSERT ON daily_tool_views
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_from_view_subjects();--> statement-breakpoint
CREATE TRIGGER daily_tool_views_member_version_upd AFTER UPDATE ON daily_tool_views
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_from_view_subjects();--> statement-breakpoint
CREATE TRIGGER daily_tool_views_member_version_upd_old AFTER UPDATE ON daily_tool_views
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_from_view_subjects();--> statement-breakpoint
CREATE TRIGGER daily_tool_views_member_version_del AFTER DELETE ON daily_tool_views
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_from_view_subjects();
