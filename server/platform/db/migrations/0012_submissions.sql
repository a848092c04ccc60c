CREATE TYPE "public"."maker_relation" AS ENUM('founder', 'employee', 'user', 'other');--> statement-breakpoint
CREATE TYPE "public"."submission_status" AS ENUM('pending', 'approved', 'rejected', 'needs_revision');--> statement-breakpoint
CREATE TABLE "tool_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"url" text NOT NULL,
	"category_id" integer NOT NULL,
	"provider_name" text,
	"pricing_model" "pricing_model" DEFAULT 'unknown' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"logo_url" text,
	"maker_relation" "maker_relation",
	"status" "submission_status" DEFAULT 'pending' NOT NULL,
	"dedup_key" text NOT NULL,
	"admin_notes" text,
	"decision_reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"tool_id" uuid,
	"revisions" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tool_submissions" ADD CONSTRAINT "tool_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_submissions" ADD CONSTRAINT "tool_submissions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_submissions" ADD CONSTRAINT "tool_submissions_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tool_submissions_open_dedup_uq" ON "tool_submissions" USING btree ("dedup_key") WHERE "tool_submissions"."status" in ('pending', 'needs_revision');--> statement-breakpoint
CREATE INDEX "tool_submissions_queue_idx" ON "tool_submissions" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "tool_submissions_user_idx" ON "tool_submissions" USING btree ("user_id","submitted_at" DESC NULLS LAST);