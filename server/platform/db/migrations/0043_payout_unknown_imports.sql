ALTER TYPE "public"."payout_status" ADD VALUE 'unknown';--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD COLUMN "rolled_back_at" timestamp with time zone;