ALTER TABLE "tools" ADD COLUMN "has_api" jsonb;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "licence" jsonb;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "self_hostable" jsonb;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "data_use" jsonb;
