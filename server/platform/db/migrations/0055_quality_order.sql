-- Issue 36 item 1 (ADR 0075): the catalogue's default order is a quality order, and a quality pass
-- proposes junk, misnamed and page-title listings for editors to confirm.
ALTER TABLE "tools" ADD COLUMN "quality_score" real DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "tools_quality_idx" ON "tools" USING btree ("quality_score" DESC, lower("name"), "id") WHERE status = 'active';--> statement-breakpoint
CREATE TABLE "tool_quality_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"tool_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"action" text NOT NULL,
	"reasons" jsonb NOT NULL,
	"proposed" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "tool_quality_flags_action_ck" CHECK ("action" IN ('retire', 'rename', 'describe')),
	CONSTRAINT "tool_quality_flags_status_ck" CHECK ("status" IN ('open', 'confirmed', 'dismissed'))
);
--> statement-breakpoint
ALTER TABLE "tool_quality_flags" ADD CONSTRAINT "tool_quality_flags_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tool_quality_flags_tool_rule_uq" ON "tool_quality_flags" USING btree ("tool_id","rule");--> statement-breakpoint
CREATE INDEX "tool_quality_flags_open_idx" ON "tool_quality_flags" USING btree ("tool_id") WHERE status = 'open';
