-- A bulk job (the derived rows' backfill: hundreds of transactions over every tool) defers the content
-- version inside its own transactions and moves it once when it ends (server/platform/db/versions.ts,
-- `deferContentVersion`): each bump empties every page and API cache, and a backfill at 100,000 tools
-- bumped it hundreds of times in a few minutes. The setting is transaction-local (set_config(…, true)),
-- so no other writer's bump is ever skipped.
CREATE OR REPLACE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('toolscape.defer_content_version', true) = 'on' THEN
    RETURN NULL;
  END IF;
  UPDATE content_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;
