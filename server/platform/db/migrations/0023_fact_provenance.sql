CREATE TYPE "public"."fact_kind" AS ENUM('dataset', 'maker', 'community', 'editor', 'observed', 'inferred');--> statement-breakpoint
CREATE TABLE "tool_fact_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tool_fact_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tool_id" uuid NOT NULL,
	"field" text NOT NULL,
	"old_value" jsonb,
	"new_value" jsonb,
	"kind" "fact_kind" NOT NULL,
	"source" text NOT NULL,
	"source_url" text,
	"actor_user_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tool_facts" (
	"tool_id" uuid NOT NULL,
	"field" text NOT NULL,
	"kind" "fact_kind" NOT NULL,
	"source" text NOT NULL,
	"source_url" text,
	"licence" text,
	"confidence" real,
	"original_value" jsonb,
	"observed_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	CONSTRAINT "tool_facts_tool_id_field_pk" PRIMARY KEY("tool_id","field")
);
--> statement-breakpoint
ALTER TABLE "tool_fact_history" ADD CONSTRAINT "tool_fact_history_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_fact_history" ADD CONSTRAINT "tool_fact_history_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_facts" ADD CONSTRAINT "tool_facts_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_fact_history_tool_idx" ON "tool_fact_history" USING btree ("tool_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tool_fact_history_recent_idx" ON "tool_fact_history" USING btree ("created_at" DESC NULLS LAST);