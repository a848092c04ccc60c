-- Issue 31. Rate limits: each row keeps its rule's window, so pruning no longer ends a day's rule an
-- hour in. Rows written before this migration do not say their window: they get the longest rule's
-- (a day), which keeps every rule counting and only delays the removal of short windows' rows.
ALTER TABLE "rate_limits" ADD COLUMN "window_sec" integer DEFAULT 86400 NOT NULL;--> statement-breakpoint
-- Issue 31. Staff e-mail addresses and moderators' reasons left the public provenance and history: the
-- actor stays in tool_fact_history.actor_user_id, the reason in the audit log (audit_log.reason), and
-- the sources and notes written before now are cleaned the same way the writers now write them.
UPDATE "tool_facts" SET "source" = 'Toolscape editors' WHERE "kind" = 'editor' AND "source" LIKE 'Toolscape editors (%';--> statement-breakpoint
UPDATE "tool_fact_history" SET "source" = 'Toolscape editors' WHERE "kind" = 'editor' AND "source" LIKE 'Toolscape editors (%';--> statement-breakpoint
UPDATE "tool_facts"
  SET "source" = btrim(regexp_replace(regexp_replace("source", '\s*\([^()]*@[^()]*\)', '', 'g'),
                                      '[^\s()<>,;:"]+@[^\s()<>,;:"]+', 'Toolscape editors', 'g'))
  WHERE "source" LIKE '%@%';--> statement-breakpoint
UPDATE "tool_fact_history"
  SET "source" = btrim(regexp_replace(regexp_replace("source", '\s*\([^()]*@[^()]*\)', '', 'g'),
                                      '[^\s()<>,;:"]+@[^\s()<>,;:"]+', 'Toolscape editors', 'g'))
  WHERE "source" LIKE '%@%';--> statement-breakpoint
-- A reopened approval's note was the moderator's free-text reason.
UPDATE "tool_fact_history" SET "note" = 'Approval reopened by a moderator'
  WHERE "source" = 'Moderation: approval reopened';--> statement-breakpoint
UPDATE "tool_fact_history" SET "note" = 'Reviewed by a moderator' WHERE "note" LIKE 'Reviewed by a moderator (%';--> statement-breakpoint
UPDATE "tool_fact_history" SET "note" = 'Proposed by a member, verified by Toolscape editors'
  WHERE "note" LIKE 'Proposed by a member, verified by %';--> statement-breakpoint
UPDATE "tool_fact_history" SET "note" = 'Suggestion accepted by Toolscape editors' WHERE "note" LIKE 'Suggestion accepted by %';--> statement-breakpoint
UPDATE "tool_fact_history" SET "note" = NULL WHERE "note" LIKE '%@%';
