CREATE TYPE "public"."task_tool_method" AS ENUM('rule', 'vector', 'editor');--> statement-breakpoint
CREATE TYPE "public"."task_tool_status" AS ENUM('proposed', 'accepted', 'rejected');--> statement-breakpoint
CREATE TABLE "derived_refresh_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"fact_history_seen" bigint DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "task_synonyms" (
	"task_slug" text NOT NULL,
	"phrase" text NOT NULL,
	CONSTRAINT "task_synonyms_task_slug_phrase_pk" PRIMARY KEY("task_slug","phrase")
);
--> statement-breakpoint
CREATE TABLE "task_tools" (
	"task_slug" text NOT NULL,
	"tool_id" uuid NOT NULL,
	"status" "task_tool_status" DEFAULT 'proposed' NOT NULL,
	"score" real DEFAULT 0 NOT NULL,
	"method" "task_tool_method" NOT NULL,
	"source" text NOT NULL,
	"actor_id" text,
	"decided_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_tools_task_slug_tool_id_pk" PRIMARY KEY("task_slug","tool_id")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"group_name" text NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"related" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tool_alternatives" (
	"tool_id" uuid NOT NULL,
	"alternative_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	"score" real NOT NULL,
	"reasons" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tool_alternatives_tool_id_alternative_id_pk" PRIMARY KEY("tool_id","alternative_id")
);
--> statement-breakpoint
ALTER TABLE "task_synonyms" ADD CONSTRAINT "task_synonyms_task_slug_tasks_slug_fk" FOREIGN KEY ("task_slug") REFERENCES "public"."tasks"("slug") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "task_tools" ADD CONSTRAINT "task_tools_task_slug_tasks_slug_fk" FOREIGN KEY ("task_slug") REFERENCES "public"."tasks"("slug") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "task_tools" ADD CONSTRAINT "task_tools_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_tools" ADD CONSTRAINT "task_tools_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_alternatives" ADD CONSTRAINT "tool_alternatives_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_alternatives" ADD CONSTRAINT "tool_alternatives_alternative_id_tools_id_fk" FOREIGN KEY ("alternative_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_tools_tool_idx" ON "task_tools" USING btree ("tool_id");--> statement-breakpoint
CREATE INDEX "tasks_group_idx" ON "tasks" USING btree ("group_name","sort_order");--> statement-breakpoint
CREATE INDEX "tool_alternatives_alt_idx" ON "tool_alternatives" USING btree ("alternative_id");--> statement-breakpoint
-- Task pages, the search's "Tasks that match" and tool pages' alternatives show these rows: a change
-- moves the content version so cached pages are rendered again (migration 0003).
CREATE TRIGGER tasks_content_version AFTER INSERT OR UPDATE OR DELETE ON tasks
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();--> statement-breakpoint
CREATE TRIGGER task_synonyms_content_version AFTER INSERT OR UPDATE OR DELETE ON task_synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();--> statement-breakpoint
CREATE TRIGGER task_tools_content_version AFTER INSERT OR UPDATE OR DELETE ON task_tools
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();--> statement-breakpoint
CREATE TRIGGER tool_alternatives_content_version AFTER INSERT OR UPDATE OR DELETE ON tool_alternatives
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();--> statement-breakpoint
-- One row: the watch job reads and moves it.
INSERT INTO derived_refresh_state (id, fact_history_seen) VALUES (1, 0);
