CREATE TABLE "tool_link_status" (
	"tool_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"http_status" integer,
	"final_url" text,
	"final_domain_key" text,
	"error" text,
	"checked_at" timestamp with time zone NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"failing_since" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "facts_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tool_link_status" ADD CONSTRAINT "tool_link_status_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_link_status_final_domain_idx" ON "tool_link_status" USING btree ("final_domain_key");--> statement-breakpoint
CREATE INDEX "tool_link_status_checked_idx" ON "tool_link_status" USING btree ("checked_at");