ALTER TABLE "poll_votes" ADD COLUMN "browser_id" text;--> statement-breakpoint
UPDATE "poll_votes" SET "browser_id" = substr("voter", 9) WHERE "voter" LIKE 'visitor:%';--> statement-breakpoint
CREATE UNIQUE INDEX "poll_votes_browser_uq" ON "poll_votes" USING btree ("poll_id","browser_id");