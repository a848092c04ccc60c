CREATE TYPE "public"."referral_status" AS ENUM('pending', 'rewarded', 'over_cap');--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "status" "referral_status" DEFAULT 'rewarded' NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "rewarded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "referrals_referrer_rewarded_idx" ON "referrals" USING btree ("referrer_id","rewarded_at");