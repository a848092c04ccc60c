CREATE TABLE "link_check_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"paused_until" timestamp with time zone,
	"pauses" integer DEFAULT 0 NOT NULL,
	"alert" text,
	"alert_since" timestamp with time zone,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "link_review_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"detail" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text
);
--> statement-breakpoint
CREATE TABLE "tool_images" (
	"tool_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"size" integer NOT NULL,
	"hash" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"source_url" text NOT NULL,
	"source_hash" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tool_images_tool_id_kind_size_pk" PRIMARY KEY("tool_id","kind","size")
);
--> statement-breakpoint
CREATE TABLE "tool_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool_id" uuid NOT NULL,
	"field" text NOT NULL,
	"value" text NOT NULL,
	"evidence" text DEFAULT '' NOT NULL,
	"source_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text
);
--> statement-breakpoint
ALTER TABLE "link_review_items" ADD CONSTRAINT "link_review_items_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_images" ADD CONSTRAINT "tool_images_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_suggestions" ADD CONSTRAINT "tool_suggestions_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "link_review_items_open_uq" ON "link_review_items" USING btree ("tool_id","kind") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "link_review_items_status_idx" ON "link_review_items" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tool_suggestions_value_uq" ON "tool_suggestions" USING btree ("tool_id","field","value");--> statement-breakpoint
CREATE INDEX "tool_suggestions_status_idx" ON "tool_suggestions" USING btree ("status","created_at");--> statement-breakpoint
-- ---- hand-written (keep when regenerating) ----
INSERT INTO link_check_state (id) VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The tool page says 'This site may be offline' while an offline item is open: cached pages follow.
CREATE TRIGGER link_review_items_content_version AFTER INSERT OR UPDATE OR DELETE ON link_review_items
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
