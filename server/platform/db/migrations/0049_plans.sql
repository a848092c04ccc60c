CREATE TABLE "pricing_watch" (
	"tool_id" uuid PRIMARY KEY NOT NULL,
	"page_url" text,
	"read_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"snapshot_hash" text,
	"confidence" real,
	"extract" jsonb,
	"error" text,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "plans" jsonb;--> statement-breakpoint
ALTER TABLE "pricing_watch" ADD CONSTRAINT "pricing_watch_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pricing_watch_status_idx" ON "pricing_watch" USING btree ("status");--> statement-breakpoint
CREATE INDEX "pricing_watch_checked_idx" ON "pricing_watch" USING btree ("checked_at");