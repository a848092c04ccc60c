ALTER TABLE "tools" ADD COLUMN "embedding" real[];--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "embedding_key" text;--> statement-breakpoint
CREATE INDEX "tools_embedding_owed_idx" ON "tools" USING btree ("id") WHERE embedding_key IS NULL;--> statement-breakpoint
-- A changed vector changes search order: pages and API answers cached by content version must not outlive it.
CREATE TRIGGER tools_content_version_vectors AFTER UPDATE OF embedding ON tools
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
-- A change of the text a vector is made from (tool-vectors.ts toolEmbeddingText) marks it owed, whoever
-- writes it (applyToolFacts, the enrichment's bulk update, the importer): the catalog.vectors job recomputes it.
CREATE OR REPLACE FUNCTION tools_embedding_owed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.name, NEW.description, NEW.editorial_summary, NEW.category_id, NEW.tags, NEW.use_cases)
     IS DISTINCT FROM (OLD.name, OLD.description, OLD.editorial_summary, OLD.category_id, OLD.tags, OLD.use_cases) THEN
    NEW.embedding_key := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER tools_embedding_owed BEFORE UPDATE OF name, description, editorial_summary, category_id, tags, use_cases
  ON tools FOR EACH ROW EXECUTE FUNCTION tools_embedding_owed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION categories_embedding_owed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tools SET embedding_key = NULL WHERE category_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER categories_embedding_owed AFTER UPDATE OF name ON categories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION categories_embedding_owed();
