ALTER TABLE "tools" ADD COLUMN "search_facets" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "name_terms" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "listings" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "tools_search_facets_idx" ON "tools" USING gin ("search_facets");