CREATE TABLE "maker_manifests" (
	"tool_id" uuid PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"status" text NOT NULL,
	"hash" text,
	"manifest" jsonb,
	"error" text,
	"conflicts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "maker_manifests" ADD CONSTRAINT "maker_manifests_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maker_manifests_status_idx" ON "maker_manifests" USING btree ("status");
