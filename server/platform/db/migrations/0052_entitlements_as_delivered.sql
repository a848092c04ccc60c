-- Issue 34: /pricing says what each plan's features do, exactly as they work (ADR 0073). Which
-- features are sold at all is decided in code (server/modules/accounts/delivered.ts); this only
-- rewrites the words of the ones that are, and takes the ad-free row off: the site carries no ads.
UPDATE features SET label = 'CSV export',
  description = 'Your top lists, saved searches and search results as spreadsheet files'
  WHERE key = 'export_basic_reports';--> statement-breakpoint
UPDATE features SET description = 'The whole catalogue with plans, alternatives, sources and licences, as JSON Lines or CSV (10 downloads a day)'
  WHERE key = 'bulk_export';--> statement-breakpoint
UPDATE features SET label = 'Reports (CSV and print)',
  description = 'Per category or task: tools, plans and prices, price changes, new and gone tools'
  WHERE key = 'downloadable_reports';--> statement-breakpoint
UPDATE features SET description = 'Apply to beta programmes while they are starting soon, before they open to everyone'
  WHERE key = 'early_access';--> statement-breakpoint
UPDATE features SET description = 'Your support tickets are marked priority and answered first; the phone line, when we offer one'
  WHERE key = 'priority_support';--> statement-breakpoint
UPDATE features SET description = 'Keys for the read API (tools, categories, trending, top lists): 60 requests a minute per key, up to 10 keys'
  WHERE key = 'api_access';--> statement-breakpoint
UPDATE features SET listed = false, description = 'No sponsored placements (the site carries none, so it is not sold)'
  WHERE key = 'ad_free_experience';--> statement-breakpoint
-- There is no live chat and every member's e-mail is answered alike; priority is the Expert difference.
UPDATE entitlements SET text_value = CASE tier
    WHEN 'free' THEN 'FAQ, e-mail and tickets'
    WHEN 'standard' THEN 'FAQ, e-mail and tickets'
    ELSE 'Priority tickets, answered first' END
  WHERE feature_key = 'support_level';
