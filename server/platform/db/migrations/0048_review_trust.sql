ALTER TABLE "reviews" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "uses_at_work" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "reviews_held_idx" ON "reviews" USING btree ("held_at");