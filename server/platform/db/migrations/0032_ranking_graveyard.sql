ALTER TYPE "public"."tool_status" ADD VALUE 'gone';--> statement-breakpoint
CREATE TABLE "rating_prior" (
	"id" integer PRIMARY KEY NOT NULL,
	"mean" real NOT NULL,
	"reviews" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "tools_browse_idx";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "resubmitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tool_link_status" ADD COLUMN "failure_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tool_link_status" ADD COLUMN "last_failure_day" date;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "rating_score" real;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "gone_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tools_browse_idx" ON "tools" USING btree ("rating_score" DESC NULLS LAST,"review_count" DESC NULLS LAST,"is_featured" DESC NULLS LAST,lower("name"),"id") WHERE status = 'active';