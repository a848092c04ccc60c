-- Issue 34 items 1 and 2 (ADR 0078): advanced filters and detailed comparisons become real features.
-- Saved filter sets of a member: the /tools query they stand for, named; the cap per tier is the
-- advanced_filters grant's limit (Standard 10, Expert 50), read by the code through the table.
CREATE TABLE "filter_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "filter_sets" ADD CONSTRAINT "filter_sets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "filter_sets_user_name_uq" ON "filter_sets" USING btree ("user_id", lower("name"));--> statement-breakpoint
UPDATE entitlements SET limit_value = CASE tier WHEN 'standard' THEN 10 WHEN 'expert' THEN 50 ELSE 0 END
  WHERE feature_key = 'advanced_filters';--> statement-breakpoint
UPDATE features SET label = 'Advanced filters',
  description = 'Exclude facts and categories, "does not train on your data", and named filter sets (10 on Standard, 50 on Expert)'
  WHERE key = 'advanced_filters';--> statement-breakpoint
UPDATE features SET label = 'Detailed comparison sheet',
  description = 'Plans and the cost for your usage, every fact with its source and date, differences highlighted; a link to share and a printable sheet'
  WHERE key = 'detailed_comparisons';
