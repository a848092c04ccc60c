-- Issue 20 (ADR 0029): gone_at follows the status, whoever changes it (the link checker passes its
-- own clock's time; an admin edit gets now()). Leaving `gone` clears it.
CREATE OR REPLACE FUNCTION tools_gone_since() RETURNS trigger AS $$
BEGIN
  IF NEW.status::text = 'gone' THEN
    IF OLD.status::text IS DISTINCT FROM 'gone' THEN NEW.gone_at := coalesce(NEW.gone_at, now()); END IF;
  ELSE
    NEW.gone_at := NULL;
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER tools_gone_since BEFORE UPDATE OF status ON tools FOR EACH ROW EXECUTE FUNCTION tools_gone_since();
--> statement-breakpoint
-- Scores for the reviews already there (the recount job applies the review gate at its first run).
INSERT INTO rating_prior (id, mean, reviews, computed_at)
  SELECT 1, coalesce(avg(rating), 3)::real, count(*)::int, now() FROM reviews WHERE status = 'published';
--> statement-breakpoint
UPDATE tools SET rating_score = ((rating * review_count + (SELECT mean FROM rating_prior WHERE id = 1) * 5) / (review_count + 5))::real
  WHERE review_count > 0;
