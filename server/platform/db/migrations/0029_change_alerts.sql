CREATE TYPE "public"."change_alert_frequency" AS ENUM('immediate', 'weekly');--> statement-breakpoint
CREATE TABLE "tool_change_alert_sends" (
	"history_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tool_change_alert_sends_history_id_user_id_pk" PRIMARY KEY("history_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tool_change_alerts" (
	"user_id" text NOT NULL,
	"tool_id" uuid NOT NULL,
	"frequency" "change_alert_frequency" DEFAULT 'immediate' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_change_alerts_user_id_tool_id_pk" PRIMARY KEY("user_id","tool_id")
);
--> statement-breakpoint
ALTER TABLE "tool_change_alert_sends" ADD CONSTRAINT "tool_change_alert_sends_history_id_tool_fact_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."tool_fact_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_change_alert_sends" ADD CONSTRAINT "tool_change_alert_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_change_alerts" ADD CONSTRAINT "tool_change_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_change_alerts" ADD CONSTRAINT "tool_change_alerts_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_change_alerts_tool_idx" ON "tool_change_alerts" USING btree ("tool_id");