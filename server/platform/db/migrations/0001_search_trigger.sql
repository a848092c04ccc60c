-- Keeps tools.search_vector and tools.search_name in step with every write, whoever writes.
-- Weights: A = name, B = tags, category and provider, C = one-line description, D = long text.
CREATE OR REPLACE FUNCTION tools_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cat_name text;
  prov_name text;
BEGIN
  SELECT name INTO cat_name FROM categories WHERE id = NEW.category_id;
  SELECT name INTO prov_name FROM providers WHERE id = NEW.provider_id;
  NEW.search_name := lower(unaccent(NEW.name));
  NEW.search_vector :=
    setweight(to_tsvector('simple', unaccent(NEW.name)), 'A') ||
    setweight(to_tsvector('english', unaccent(NEW.name)), 'A') ||
    setweight(to_tsvector('english', unaccent(
      array_to_string(NEW.tags, ' ') || ' ' || coalesce(cat_name, '') || ' ' || coalesce(prov_name, ''))), 'B') ||
    setweight(to_tsvector('english', unaccent(NEW.description)), 'C') ||
    setweight(to_tsvector('english', unaccent(
      CASE WHEN NEW.full_description = NEW.description THEN '' ELSE NEW.full_description END || ' ' ||
      array_to_string(NEW.features, ' ') || ' ' || array_to_string(NEW.use_cases, ' '))), 'D');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER tools_search_refresh_trg
  BEFORE INSERT OR UPDATE OF name, description, full_description, tags, features, use_cases, category_id, provider_id
  ON tools FOR EACH ROW EXECUTE FUNCTION tools_search_refresh();--> statement-breakpoint
-- A renamed category or provider re-indexes its tools (the no-op update fires the trigger above).
CREATE OR REPLACE FUNCTION tools_search_parent_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'categories' THEN
    UPDATE tools SET category_id = category_id WHERE category_id = NEW.id;
  ELSE
    UPDATE tools SET provider_id = provider_id WHERE provider_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER categories_renamed_trg AFTER UPDATE OF name ON categories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION tools_search_parent_renamed();--> statement-breakpoint
CREATE TRIGGER providers_renamed_trg AFTER UPDATE OF name ON providers
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION tools_search_parent_renamed();
