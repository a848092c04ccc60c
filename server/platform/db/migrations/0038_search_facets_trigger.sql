-- Search facets and name stems (ADR 0035), kept by the search trigger like search_vector and
-- search_name: the trigger already fires on every change of the name, tags or category.
-- search_facets: each tag and the category name as lower-case words joined by single spaces
-- ('Text-To-Speech' and 'Text To Speech' are both 'text to speech'); name_terms: the name's English
-- stems (stop words dropped), compared with the query's own stems. The editors' summary (ADR 0027:
-- our own words on what the tool does) joins the one-line description at weight C: the source
-- text of a well-known tool often never says what it does ('Prime Voice AI.').
CREATE OR REPLACE FUNCTION search_facet_key(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT trim(regexp_replace(lower(value), '[^a-z0-9]+', ' ', 'g'))
$$;--> statement-breakpoint
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
    setweight(to_tsvector('english', unaccent(NEW.description || ' ' || coalesce(NEW.editorial_summary, ''))), 'C') ||
    setweight(to_tsvector('english', unaccent(
      CASE WHEN NEW.full_description = NEW.description THEN '' ELSE NEW.full_description END || ' ' ||
      array_to_string(NEW.features, ' ') || ' ' || array_to_string(NEW.use_cases, ' '))), 'D');
  NEW.search_facets := ARRAY(
    SELECT DISTINCT search_facet_key(unaccent(f)) FROM unnest(NEW.tags || cat_name) AS f
    WHERE f IS NOT NULL AND search_facet_key(unaccent(f)) <> '');
  NEW.name_terms := tsvector_to_array(to_tsvector('english', unaccent(NEW.name)));
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS tools_search_refresh_trg ON tools;--> statement-breakpoint
CREATE TRIGGER tools_search_refresh_trg
  BEFORE INSERT OR UPDATE OF name, description, full_description, tags, features, use_cases, category_id, provider_id,
    editorial_summary
  ON tools FOR EACH ROW EXECUTE FUNCTION tools_search_refresh();--> statement-breakpoint
-- Re-index every tool (the no-op update fires the trigger above).
UPDATE tools SET name = name;
