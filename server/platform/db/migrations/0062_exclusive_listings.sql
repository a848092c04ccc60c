-- Issue 34 item 6 (ADR 0083): editors mark a tool or a deal Expert-only (exclusive) or give it an
-- early-access window (Experts first, everyone from public_from). One row per decision; the open one
-- (ended_at IS NULL) is in force, ended rows are the history. A tool's row also moves tools.tier, the
-- gate every serializer already reads; tier_before is what the tool returns to when the row ends.
CREATE TABLE IF NOT EXISTS "listing_access" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "tool_id" uuid REFERENCES "tools"("id") ON DELETE CASCADE,
  "deal_id" uuid REFERENCES "deals"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "public_from" timestamp with time zone,
  "tier_before" "membership_tier",
  "created_by" text REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "ended_at" timestamp with time zone,
  "ended_by" text REFERENCES "users"("id") ON DELETE SET NULL,
  "end_reason" text,
  CONSTRAINT "listing_access_one_target" CHECK (("tool_id" IS NULL) <> ("deal_id" IS NULL)),
  CONSTRAINT "listing_access_kind" CHECK ("kind" IN ('exclusive', 'early_access')),
  CONSTRAINT "listing_access_window" CHECK (("kind" = 'early_access') = ("public_from" IS NOT NULL)),
  CONSTRAINT "listing_access_tier_before" CHECK (("tool_id" IS NULL) = ("tier_before" IS NULL)),
  CONSTRAINT "listing_access_end" CHECK (("ended_at" IS NULL) = ("end_reason" IS NULL) AND ("end_reason" IS NULL OR "end_reason" IN ('window', 'editor')))
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "listing_access_tool_open" ON "listing_access" ("tool_id") WHERE "ended_at" IS NULL AND "tool_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "listing_access_deal_open" ON "listing_access" ("deal_id") WHERE "ended_at" IS NULL AND "deal_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "listing_access_created_idx" ON "listing_access" ("created_at");--> statement-breakpoint
-- A deal's lock shows on /deals and the tool page: a change bumps the content version (pages cached per tier).
CREATE TRIGGER listing_access_content_version AFTER INSERT OR UPDATE OR DELETE ON listing_access
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();--> statement-breakpoint
UPDATE features SET description = 'Tools and deals our editors list for Expert members only, in full; others see their overview'
  WHERE key = 'exclusive_listings';--> statement-breakpoint
UPDATE features SET description = 'New tools and deals in their early-access window before the public, and applying to beta programmes before they start'
  WHERE key = 'early_access';
