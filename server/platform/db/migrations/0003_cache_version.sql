-- One counter that moves whenever anything a public page shows changes. Page caches (in every app
-- instance) compare it on each hit, so an edit shows at once. Click and view counters are excluded:
-- they change all the time and pages do not show them.
CREATE TABLE content_version (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  version bigint NOT NULL DEFAULT 1
);--> statement-breakpoint
INSERT INTO content_version (id, version) VALUES (1, 1);--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER tools_content_version_ins_del AFTER INSERT OR DELETE OR TRUNCATE ON tools
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();--> statement-breakpoint
CREATE TRIGGER tools_content_version_upd AFTER UPDATE OF slug, name, description, full_description, category_id,
  provider_id, website_url, source_url, affiliate_url, demo_url, logo_url, preview_image_url, pricing_model, pricing,
  tags, features, use_cases, pros, cons, alternatives, screenshots, rating, review_count, upvotes, is_featured,
  is_verified, needs_review, last_verified_at, status, tier, meta_title, meta_description, meta_keywords, updated_at,
  published_at
  ON tools FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();--> statement-breakpoint
CREATE TRIGGER categories_content_version AFTER INSERT OR UPDATE OR DELETE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();--> statement-breakpoint
CREATE TRIGGER category_aliases_content_version AFTER INSERT OR UPDATE OR DELETE ON category_aliases
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();--> statement-breakpoint
CREATE TRIGGER providers_content_version AFTER INSERT OR UPDATE OR DELETE ON providers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();--> statement-breakpoint
CREATE TRIGGER tool_of_the_day_content_version AFTER INSERT OR UPDATE OR DELETE ON tool_of_the_day
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
