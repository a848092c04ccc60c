-- Issue 35 item 1 and issue 34 item 7 (ADR 0076): discussions. A thread is a question on one board
-- (a tool's, the general one, or the Expert members' VIP space); replies are answers, one of which
-- the author (or a moderator) accepts. Posts from accounts that fail the reviews' account gate wait
-- for a moderator (held_at); members report, moderators hide, lock and release.
CREATE TABLE discussion_threads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  board text NOT NULL CHECK (board IN ('general', 'tool', 'vip')),
  tool_id uuid REFERENCES tools(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title text NOT NULL,
  body text NOT NULL,
  -- an Expert member's question on a tool's board (issue 34 item 7), set when posted
  priority boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'published' CHECK (status IN ('published', 'hidden')),
  held_at timestamptz,
  hold_reason text,
  locked_at timestamptz,
  accepted_reply_id uuid,
  reply_count integer NOT NULL DEFAULT 0,
  open_reports integer NOT NULL DEFAULT 0,
  moderated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_activity_at timestamptz NOT NULL DEFAULT now(),
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple'::regconfig, title), 'A') || setweight(to_tsvector('simple'::regconfig, body), 'B')
  ) STORED,
  CONSTRAINT discussion_threads_board_tool CHECK ((board = 'tool') = (tool_id IS NOT NULL))
);--> statement-breakpoint
CREATE INDEX discussion_threads_board_idx ON discussion_threads (board, tool_id, last_activity_at DESC);--> statement-breakpoint
CREATE INDEX discussion_threads_user_idx ON discussion_threads (user_id);--> statement-breakpoint
CREATE INDEX discussion_threads_search_idx ON discussion_threads USING gin (search);--> statement-breakpoint
CREATE TABLE discussion_replies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  thread_id uuid NOT NULL REFERENCES discussion_threads(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'published' CHECK (status IN ('published', 'hidden')),
  held_at timestamptz,
  hold_reason text,
  open_reports integer NOT NULL DEFAULT 0,
  moderated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX discussion_replies_thread_idx ON discussion_replies (thread_id, created_at);--> statement-breakpoint
CREATE INDEX discussion_replies_user_idx ON discussion_replies (user_id);--> statement-breakpoint
ALTER TABLE discussion_threads ADD CONSTRAINT discussion_threads_accepted_fk
  FOREIGN KEY (accepted_reply_id) REFERENCES discussion_replies(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE TABLE discussion_follows (
  thread_id uuid NOT NULL REFERENCES discussion_threads(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (thread_id, user_id)
);--> statement-breakpoint
CREATE INDEX discussion_follows_user_idx ON discussion_follows (user_id);--> statement-breakpoint
CREATE TABLE discussion_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  target_kind text NOT NULL CHECK (target_kind IN ('thread', 'reply')),
  target_id uuid NOT NULL,
  thread_id uuid NOT NULL REFERENCES discussion_threads(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reason text NOT NULL,
  resolution text,
  resolved_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE UNIQUE INDEX discussion_reports_target_user_uq ON discussion_reports (target_kind, target_id, user_id);--> statement-breakpoint
CREATE INDEX discussion_reports_open_idx ON discussion_reports (thread_id) WHERE resolution IS NULL;--> statement-breakpoint
-- Boards are public pages (and /community counts threads): a post or a decision moves the content version.
CREATE TRIGGER discussion_threads_content_version AFTER INSERT OR UPDATE OR DELETE ON discussion_threads
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();--> statement-breakpoint
CREATE TRIGGER discussion_replies_content_version AFTER INSERT OR UPDATE OR DELETE ON discussion_replies
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();--> statement-breakpoint
UPDATE features SET description = 'A discussion space for Expert members only, and your questions marked priority in tools'' discussions'
  WHERE key = 'vip_community';
