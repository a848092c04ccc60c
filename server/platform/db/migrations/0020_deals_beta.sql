CREATE TYPE "public"."beta_category" AS ENUM('language-models', 'image-generation', 'development', 'audio', 'analytics');--> statement-breakpoint
CREATE TYPE "public"."deal_type" AS ENUM('discount', 'coupon', 'free_trial', 'lifetime');--> statement-breakpoint
CREATE TABLE "beta_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"motivation" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "beta_programs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"description" text NOT NULL,
	"category" "beta_category" NOT NULL,
	"spots" integer NOT NULL,
	"spots_taken" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_weeks" integer NOT NULL,
	"benefits" text[] DEFAULT '{}'::text[] NOT NULL,
	"requirements" text[] DEFAULT '{}'::text[] NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "beta_programs_spots_ck" CHECK ("beta_programs"."spots_taken" >= 0 AND "beta_programs"."spots_taken" <= "beta_programs"."spots")
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool_id" uuid NOT NULL,
	"deal_type" "deal_type" DEFAULT 'discount' NOT NULL,
	"description" text NOT NULL,
	"original_price_cents" integer,
	"deal_price_cents" integer,
	"discount_percent" integer,
	"coupon_code" text,
	"url" text,
	"featured" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"clicks" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_digest_sends" (
	"subscriber_id" integer NOT NULL,
	"week" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_digest_sends_subscriber_id_week_pk" PRIMARY KEY("subscriber_id","week")
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "beta_applications" ADD CONSTRAINT "beta_applications_program_id_beta_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."beta_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beta_applications" ADD CONSTRAINT "beta_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beta_programs" ADD CONSTRAINT "beta_programs_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_digest_sends" ADD CONSTRAINT "newsletter_digest_sends_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "beta_applications_one_uq" ON "beta_applications" USING btree ("program_id","user_id");--> statement-breakpoint
CREATE INDEX "beta_applications_user_idx" ON "beta_applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "beta_programs_tool_idx" ON "beta_programs" USING btree ("tool_id");--> statement-breakpoint
CREATE INDEX "deals_tool_idx" ON "deals" USING btree ("tool_id");--> statement-breakpoint
CREATE INDEX "deals_expires_idx" ON "deals" USING btree ("expires_at");--> statement-breakpoint
-- ---- hand-written (issue 12, deals): re-append after regenerating ----
-- A deal shows on its tool's page (Get Deal): a change bumps the content version so cached pages
-- update at once. The click counter is excluded (pages do not show it).
CREATE TRIGGER deals_content_version_ins_del AFTER INSERT OR DELETE OR TRUNCATE ON deals
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();--> statement-breakpoint
CREATE TRIGGER deals_content_version_upd AFTER UPDATE OF tool_id, deal_type, description, original_price_cents,
  deal_price_cents, discount_percent, coupon_code, url, featured, starts_at, expires_at, ended_at
  ON deals FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
