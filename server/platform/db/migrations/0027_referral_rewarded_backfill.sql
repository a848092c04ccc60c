-- Issue 18 (money): referrals recorded before the rule were rewarded when they were made.
UPDATE "referrals" SET "rewarded_at" = "created_at" WHERE "status" = 'rewarded' AND "rewarded_at" IS NULL;
