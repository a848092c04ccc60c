-- Issue 35 items 2 and 3 (ADR 0077): makers' "ask me anything" sessions for a tool, and members'
-- success stories (moderated before they are published, one reply by the tool's verified maker).
CREATE TABLE "amas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool_id" uuid NOT NULL,
	"host_user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "amas_window_ck" CHECK ("ends_at" > "starts_at")
);
--> statement-breakpoint
ALTER TABLE "amas" ADD CONSTRAINT "amas_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amas" ADD CONSTRAINT "amas_host_user_id_users_id_fk" FOREIGN KEY ("host_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "amas_starts_idx" ON "amas" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "amas_tool_idx" ON "amas" USING btree ("tool_id");--> statement-breakpoint
CREATE TABLE "ama_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ama_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"body" text NOT NULL,
	"answer" text,
	"answered_by" text,
	"answered_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ama_questions" ADD CONSTRAINT "ama_questions_ama_id_amas_id_fk" FOREIGN KEY ("ama_id") REFERENCES "public"."amas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ama_questions" ADD CONSTRAINT "ama_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ama_questions" ADD CONSTRAINT "ama_questions_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ama_questions_ama_idx" ON "ama_questions" USING btree ("ama_id");--> statement-breakpoint
CREATE TABLE "ama_question_votes" (
	"question_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ama_question_votes_pk" PRIMARY KEY("question_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "ama_question_votes" ADD CONSTRAINT "ama_question_votes_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."ama_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ama_question_votes" ADD CONSTRAINT "ama_question_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "ama_followers" (
	"ama_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ama_followers_pk" PRIMARY KEY("ama_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "ama_followers" ADD CONSTRAINT "ama_followers_ama_id_amas_id_fk" FOREIGN KEY ("ama_id") REFERENCES "public"."amas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ama_followers" ADD CONSTRAINT "ama_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "success_stories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"problem" text NOT NULL,
	"outcome" text NOT NULL,
	"numbers" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"reply" text,
	"reply_user_id" text,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "success_stories_status_ck" CHECK ("status" IN ('pending', 'published', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "success_stories" ADD CONSTRAINT "success_stories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "success_stories" ADD CONSTRAINT "success_stories_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "success_stories" ADD CONSTRAINT "success_stories_reply_user_id_users_id_fk" FOREIGN KEY ("reply_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "success_stories_status_idx" ON "success_stories" USING btree ("status","created_at");--> statement-breakpoint
CREATE TABLE "success_story_tools" (
	"story_id" uuid NOT NULL,
	"tool_id" uuid NOT NULL,
	CONSTRAINT "success_story_tools_pk" PRIMARY KEY("story_id","tool_id")
);
--> statement-breakpoint
ALTER TABLE "success_story_tools" ADD CONSTRAINT "success_story_tools_story_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."success_stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "success_story_tools" ADD CONSTRAINT "success_story_tools_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "success_story_tools_tool_idx" ON "success_story_tools" USING btree ("tool_id");--> statement-breakpoint
-- Tool pages and /community show AMAs and published stories: their changes empty the page cache.
CREATE TRIGGER amas_content_version AFTER INSERT OR UPDATE OR DELETE ON amas
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();--> statement-breakpoint
CREATE TRIGGER success_stories_content_version AFTER INSERT OR UPDATE OR DELETE ON success_stories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();--> statement-breakpoint
CREATE TRIGGER success_story_tools_content_version AFTER INSERT OR UPDATE OR DELETE ON success_story_tools
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
