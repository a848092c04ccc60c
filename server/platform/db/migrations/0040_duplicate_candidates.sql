CREATE TABLE "tool_duplicate_candidates" (
	"tool_a" uuid NOT NULL,
	"tool_b" uuid NOT NULL,
	"score" real NOT NULL,
	"reasons" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tool_duplicate_candidates_tool_a_tool_b_pk" PRIMARY KEY("tool_a","tool_b")
);
--> statement-breakpoint
ALTER TABLE "tool_duplicate_candidates" ADD CONSTRAINT "tool_duplicate_candidates_tool_a_tools_id_fk" FOREIGN KEY ("tool_a") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_duplicate_candidates" ADD CONSTRAINT "tool_duplicate_candidates_tool_b_tools_id_fk" FOREIGN KEY ("tool_b") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_duplicate_candidates_score_idx" ON "tool_duplicate_candidates" USING btree ("score" DESC NULLS LAST);