ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
-- Subscriptions made before this column existed had their confirmation sent with them.
UPDATE "newsletter_subscribers" SET "confirmation_sent_at" = "created_at" WHERE "status" = 'subscribed';
