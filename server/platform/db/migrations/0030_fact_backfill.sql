-- Issue 20: databases seeded before provenance was kept get `dataset` provenance and a first history
-- row for every fact that has a value, named after the import that brought the tool (or the
-- catalogue itself), so the API never shows an empty provenance. Tools that already have provenance
-- are left alone. The field names are the API's (server/modules/catalog/facts.ts FACT_COLUMNS).
CREATE TEMPORARY TABLE fact_backfill AS
SELECT t.id AS tool_id, f.field, f.value,
  CASE WHEN ci.source IS NULL OR ci.source IN ('seed:ai-tools.csv', 'admin:import-full-csv')
       THEN 'Toolscape seed catalogue (six open datasets, see SOURCES.md)'
       ELSE 'Catalogue import #' || ci.id || ' (' || left(ci.source, 120) || ')' END AS source,
  COALESCE(ci.created_at, t.created_at) AS observed_at
FROM tools t
JOIN categories c ON c.id = t.category_id
LEFT JOIN providers p ON p.id = t.provider_id
LEFT JOIN catalog_imports ci ON ci.id = t.import_id
CROSS JOIN LATERAL (VALUES
  ('name', to_jsonb(t.name)),
  ('description', to_jsonb(NULLIF(btrim(t.description), ''))),
  ('full_description', to_jsonb(NULLIF(btrim(t.full_description), ''))),
  ('category', to_jsonb(c.name)),
  ('pricing_model', to_jsonb(CASE t.pricing_model::text
      WHEN 'free' THEN 'Free' WHEN 'freemium' THEN 'Freemium' WHEN 'paid' THEN 'Paid'
      WHEN 'open_source' THEN 'Open Source' WHEN 'unknown' THEN 'Unknown'
      ELSE initcap(replace(t.pricing_model::text, '_', ' ')) END)),
  ('pricing', CASE WHEN t.pricing IS NULL OR t.pricing = '{}'::jsonb THEN NULL ELSE t.pricing END),
  ('provider', to_jsonb(p.name)),
  ('website_url', to_jsonb(NULLIF(t.website_url, ''))),
  ('logo_url', to_jsonb(NULLIF(t.logo_url, ''))),
  ('features', CASE WHEN cardinality(t.features) > 0 THEN to_jsonb(t.features) END),
  ('use_cases', CASE WHEN cardinality(t.use_cases) > 0 THEN to_jsonb(t.use_cases) END),
  ('status', to_jsonb(t.status::text))
) AS f(field, value)
WHERE f.value IS NOT NULL AND f.value <> 'null'::jsonb
  AND NOT EXISTS (SELECT 1 FROM tool_facts x WHERE x.tool_id = t.id);--> statement-breakpoint
INSERT INTO tool_facts (tool_id, field, kind, source, observed_at)
SELECT tool_id, field, 'dataset', source, observed_at FROM fact_backfill
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO tool_fact_history (tool_id, field, old_value, new_value, kind, source, note, created_at)
SELECT tool_id, field, NULL, value, 'dataset', source, 'Recorded when provenance was introduced', observed_at
FROM fact_backfill;--> statement-breakpoint
DROP TABLE IF EXISTS fact_backfill;--> statement-breakpoint
-- Change alerts are a paid capability (spec: "early alerts" for Standard and Expert).
INSERT INTO features (key, label, description, kind, listed, sort_order) VALUES
  ('change_alerts', 'Change alerts', 'An e-mail when a saved tool''s pricing or status changes', 'flag', true, 260)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO entitlements (feature_key, tier, allowed) VALUES
  ('change_alerts', 'free', false), ('change_alerts', 'standard', true), ('change_alerts', 'expert', true)
ON CONFLICT DO NOTHING;
