CREATE TYPE "public"."feature_kind" AS ENUM('flag', 'limit', 'text');--> statement-breakpoint
CREATE TYPE "public"."saved_tool_kind" AS ENUM('saved', 'favorite');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('member', 'admin');--> statement-breakpoint
CREATE TYPE "public"."verification_type" AS ENUM('linkedin', 'company_email');--> statement-breakpoint
CREATE TABLE "auth_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"account_id" text NOT NULL,
	"password" text,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_tool_views" (
	"subject" text NOT NULL,
	"day" date NOT NULL,
	"tool_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_tool_views_subject_day_tool_id_pk" PRIMARY KEY("subject","day","tool_id")
);
--> statement-breakpoint
CREATE TABLE "entitlements" (
	"feature_key" text NOT NULL,
	"tier" "membership_tier" NOT NULL,
	"allowed" boolean NOT NULL,
	"limit_value" integer,
	"text_value" text,
	CONSTRAINT "entitlements_feature_key_tier_pk" PRIMARY KEY("feature_key","tier")
);
--> statement-breakpoint
CREATE TABLE "features" (
	"key" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" "feature_kind" DEFAULT 'flag' NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_tools" (
	"user_id" text NOT NULL,
	"tool_id" uuid NOT NULL,
	"kind" "saved_tool_kind" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_tools_user_id_tool_id_kind_pk" PRIMARY KEY("user_id","tool_id","kind")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"tier" "membership_tier" DEFAULT 'free' NOT NULL,
	"daily_usage" integer DEFAULT 0 NOT NULL,
	"last_reset" date DEFAULT (now() AT TIME ZONE 'utc')::date NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"verification_type" "verification_type",
	"dark_mode" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"role" "user_role" DEFAULT 'member' NOT NULL,
	"username" text,
	"bio" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_accounts" ADD CONSTRAINT "auth_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_tool_views" ADD CONSTRAINT "daily_tool_views_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_feature_key_features_key_fk" FOREIGN KEY ("feature_key") REFERENCES "public"."features"("key") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_tools" ADD CONSTRAINT "saved_tools_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_tools" ADD CONSTRAINT "saved_tools_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_accounts_user_idx" ON "auth_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_accounts_provider_idx" ON "auth_accounts" USING btree ("provider_id","account_id");--> statement-breakpoint
CREATE INDEX "daily_tool_views_day_idx" ON "daily_tool_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_tools_user_idx" ON "saved_tools" USING btree ("user_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_uq" ON "sessions" USING btree ("token");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_limit_ck" CHECK ("limit_value" IS NULL OR "limit_value" >= 0);--> statement-breakpoint
ALTER TABLE "rate_limits" ADD CONSTRAINT "rate_limits_count_ck" CHECK ("count" >= 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_lower_ck" CHECK ("email" = lower("email"));--> statement-breakpoint
-- Every user has a profile row (free tier) from the moment it exists, whoever creates it:
-- sign-up, OAuth, the operator CLI.
CREATE OR REPLACE FUNCTION create_user_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_profiles (user_id) VALUES (NEW.id) ON CONFLICT (user_id) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_create_profile AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION create_user_profile();--> statement-breakpoint
-- Public pages show profiles (/user/{id}) and plans (/pricing): edits must invalidate cached pages.
CREATE TRIGGER users_content_version AFTER UPDATE OF name, username, bio, image OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();--> statement-breakpoint
CREATE TRIGGER user_profiles_content_version AFTER UPDATE OF is_verified, verification_type ON user_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();--> statement-breakpoint
CREATE TRIGGER features_content_version AFTER INSERT OR UPDATE OR DELETE ON features
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();--> statement-breakpoint
CREATE TRIGGER entitlements_content_version AFTER INSERT OR UPDATE OR DELETE ON entitlements
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();--> statement-breakpoint
-- The entitlements (spec section 6 and 9). Code asks for a capability by key; this is the only
-- place that says which tier has it. A feature key that is not here counts as free-level.
INSERT INTO features (key, label, description, kind, listed, sort_order) VALUES
  ('daily_tool_views', 'Daily tool views', 'Distinct tool pages you can open in full per day (UTC)', 'limit', true, 10),
  ('compare_limit', 'Tool comparisons', 'Tools side by side in the comparison', 'limit', true, 20),
  ('saved_searches', 'Saved searches', 'Searches kept in your dashboard', 'limit', true, 30),
  ('saved_collections', 'Saved collections', 'Named lists of tools', 'limit', true, 40),
  ('basic_tools', 'Tool directory', 'Browse every category and tool', 'flag', true, 100),
  ('basic_search', 'Search', 'Search by name, description, provider and tags', 'flag', true, 110),
  ('tool_viewing', 'Tool pages', 'Overview, website and details of each tool', 'flag', true, 120),
  ('advanced_filters', 'Advanced search filters', 'Every filter on search and category pages', 'flag', true, 200),
  ('detailed_comparisons', 'Detailed comparisons', 'Feature-by-feature comparison tables', 'flag', true, 210),
  ('ad_free_experience', 'Ad-free experience', 'No sponsored placements', 'flag', true, 220),
  ('basic_ai_recommendations', 'AI recommendations', 'Suggestions based on what you view', 'flag', true, 230),
  ('export_basic_reports', 'Export lists (CSV)', 'Download your lists and searches', 'flag', true, 240),
  ('dark_mode', 'Dark mode on every device', 'An account-wide appearance setting', 'flag', true, 250),
  ('exclusive_listings', 'Exclusive listings', 'Expert-tier tools and their details', 'flag', true, 300),
  ('early_access', 'Early access', 'New tools and beta programmes first', 'flag', true, 310),
  ('downloadable_reports', 'Downloadable reports', 'Reports on categories and tools', 'flag', true, 320),
  ('vip_community', 'VIP community', 'The members-only community space', 'flag', true, 330),
  ('advanced_ai_recommendations', 'Advanced AI recommendations', 'Recommendations tuned to your work', 'flag', true, 340),
  ('api_access', 'API access', 'The Toolscape API with your key', 'flag', true, 350),
  ('priority_support', 'Priority support', 'Your requests answered first', 'flag', true, 360),
  ('custom_collections', 'Custom collections', 'Collections with your own fields', 'flag', true, 370),
  ('advanced_analytics', 'Advanced analytics', 'Trends and usage figures', 'flag', true, 380),
  ('bulk_export', 'Bulk export', 'Export the catalogue in bulk', 'flag', true, 390),
  ('support_level', 'Support', 'How we answer you', 'text', true, 900),
  ('tool_credits', 'Tool credits', 'Credit towards paid tools each month', 'text', true, 910);--> statement-breakpoint
INSERT INTO entitlements (feature_key, tier, allowed, limit_value, text_value) VALUES
  ('daily_tool_views', 'free', true, 10, NULL),
  ('daily_tool_views', 'standard', true, NULL, NULL),
  ('daily_tool_views', 'expert', true, NULL, NULL),
  ('compare_limit', 'free', true, 2, NULL),
  ('compare_limit', 'standard', true, 5, NULL),
  ('compare_limit', 'expert', true, 10, NULL),
  ('saved_searches', 'free', false, 0, NULL),
  ('saved_searches', 'standard', true, 3, NULL),
  ('saved_searches', 'expert', true, NULL, NULL),
  ('saved_collections', 'free', false, 0, NULL),
  ('saved_collections', 'standard', true, 3, NULL),
  ('saved_collections', 'expert', true, NULL, NULL),
  ('support_level', 'free', true, NULL, 'Basic FAQ'),
  ('support_level', 'standard', true, NULL, 'Email (48h)'),
  ('support_level', 'expert', true, NULL, '24/7 Chat + Priority'),
  ('tool_credits', 'free', false, NULL, NULL),
  ('tool_credits', 'standard', false, NULL, NULL),
  ('tool_credits', 'expert', true, NULL, '$5/month');--> statement-breakpoint
INSERT INTO entitlements (feature_key, tier, allowed)
SELECT f.key, t.tier::membership_tier,
  CASE
    WHEN f.key IN ('basic_tools', 'basic_search', 'tool_viewing') THEN true
    WHEN f.key IN ('advanced_filters', 'detailed_comparisons', 'ad_free_experience', 'basic_ai_recommendations',
                   'export_basic_reports', 'dark_mode') THEN t.tier <> 'free'
    ELSE t.tier = 'expert'
  END
FROM features f CROSS JOIN (VALUES ('free'), ('standard'), ('expert')) AS t(tier)
WHERE f.kind = 'flag';
