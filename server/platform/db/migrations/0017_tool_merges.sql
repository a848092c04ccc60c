CREATE TABLE "tool_duplicate_dismissals" (
	"tool_a" uuid NOT NULL,
	"tool_b" uuid NOT NULL,
	"dismissed_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_duplicate_dismissals_tool_a_tool_b_pk" PRIMARY KEY("tool_a","tool_b")
);
--> statement-breakpoint
CREATE TABLE "tool_merges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tool_merges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"from_tool_id" uuid,
	"into_tool_id" uuid,
	"from_slug" text NOT NULL,
	"from_name" text NOT NULL,
	"into_slug" text NOT NULL,
	"into_name" text NOT NULL,
	"report" jsonb NOT NULL,
	"actor_id" text,
	"actor_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "merged_into_id" uuid;--> statement-breakpoint
ALTER TABLE "tool_duplicate_dismissals" ADD CONSTRAINT "tool_duplicate_dismissals_tool_a_tools_id_fk" FOREIGN KEY ("tool_a") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_duplicate_dismissals" ADD CONSTRAINT "tool_duplicate_dismissals_tool_b_tools_id_fk" FOREIGN KEY ("tool_b") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_merges" ADD CONSTRAINT "tool_merges_from_tool_id_tools_id_fk" FOREIGN KEY ("from_tool_id") REFERENCES "public"."tools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_merges" ADD CONSTRAINT "tool_merges_into_tool_id_tools_id_fk" FOREIGN KEY ("into_tool_id") REFERENCES "public"."tools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_merges_created_idx" ON "tool_merges" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_merged_into_id_tools_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."tools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tools_description_trgm_idx" ON "tools" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tools_merged_into_idx" ON "tools" USING btree ("merged_into_id");