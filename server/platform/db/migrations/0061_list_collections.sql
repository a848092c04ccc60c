-- Issue 34 item 8 (ADR 0082): custom collections on the members' top lists. An Expert owner may share
-- a list by an unguessable, revocable link (192 random bits; a new link replaces the old) and invite
-- collaborators, who add, remove, order and annotate its tools.
ALTER TABLE "top_lists" ADD COLUMN "share_token" text;--> statement-breakpoint
ALTER TABLE "top_lists" ADD COLUMN "shared_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "top_lists_share_token_uq" ON "top_lists" USING btree ("share_token");--> statement-breakpoint
CREATE TABLE "top_list_collaborators" (
	"list_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"added_by" text,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "top_list_collaborators_list_id_user_id_pk" PRIMARY KEY("list_id","user_id")
);--> statement-breakpoint
ALTER TABLE "top_list_collaborators" ADD CONSTRAINT "top_list_collaborators_list_id_top_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."top_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_list_collaborators" ADD CONSTRAINT "top_list_collaborators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_list_collaborators" ADD CONSTRAINT "top_list_collaborators_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "top_list_collaborators_user_idx" ON "top_list_collaborators" USING btree ("user_id");--> statement-breakpoint
UPDATE features SET label = 'Shared and collaborative lists',
  description = 'Share a list by a private link you can revoke, and invite other members to add, order and annotate its tools with you'
  WHERE key = 'custom_collections';
