-- Issue 34 items 4 and 9 (ADR 0080): AI recommendations and advanced analytics are delivered; /pricing
-- describes them as they work. Expert's weekly mail of new fitting tools is opt-in, one row per member.
CREATE TABLE IF NOT EXISTS "recommendation_mail" (
  "user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "weekly" boolean DEFAULT false NOT NULL,
  "last_week" text,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
UPDATE features SET description = 'A "For you" page from your saves, lists, views and saved searches, each tool with the reason'
  WHERE key = 'basic_ai_recommendations';--> statement-breakpoint
UPDATE features SET description = 'A tool stack for your tasks within a monthly budget, and a weekly e-mail of new tools that fit (opt-in)'
  WHERE key = 'advanced_ai_recommendations';--> statement-breakpoint
UPDATE features SET description = 'Rising tools and tasks, price movements by category, and what members like you save'
  WHERE key = 'advanced_analytics';
