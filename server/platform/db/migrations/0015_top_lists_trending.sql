CREATE TABLE "top_list_items" (
	"list_id" uuid NOT NULL,
	"tool_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"note" text,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "top_list_items_list_id_tool_id_pk" PRIMARY KEY("list_id","tool_id")
);
--> statement-breakpoint
CREATE TABLE "top_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"editorial" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trending_tools" (
	"tool_id" uuid PRIMARY KEY NOT NULL,
	"rank" integer NOT NULL,
	"reason" text NOT NULL,
	"context" text NOT NULL,
	"score" real NOT NULL,
	"signals" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "top_list_items" ADD CONSTRAINT "top_list_items_list_id_top_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."top_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_list_items" ADD CONSTRAINT "top_list_items_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_lists" ADD CONSTRAINT "top_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trending_tools" ADD CONSTRAINT "trending_tools_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "top_list_items_tool_idx" ON "top_list_items" USING btree ("tool_id");--> statement-breakpoint
CREATE UNIQUE INDEX "top_lists_slug_uq" ON "top_lists" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "top_lists_user_idx" ON "top_lists" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "top_lists_public_idx" ON "top_lists" USING btree ("is_public","editorial","updated_at");--> statement-breakpoint
CREATE INDEX "trending_tools_rank_idx" ON "trending_tools" USING btree ("rank");--> statement-breakpoint
-- >>> hand-written (top lists and trending, issue 11): re-append after regenerating.
-- /top-lists, list pages, profiles, /trending and the cards' Trending mark show these tables, so a
-- change must move the page cache's content version (0003) like a catalogue edit does.
CREATE TRIGGER top_lists_content_version AFTER INSERT OR UPDATE OR DELETE ON top_lists
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();--> statement-breakpoint
CREATE TRIGGER top_list_items_content_version AFTER INSERT OR UPDATE OR DELETE ON top_list_items
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();--> statement-breakpoint
CREATE TRIGGER trending_tools_content_version AFTER INSERT OR UPDATE OR DELETE ON trending_tools
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
-- <<< hand-written
