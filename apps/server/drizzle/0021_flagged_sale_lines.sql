-- The inventory screen's "Sold offline beyond stock" / "Price differs" list (GET /inventory/flags):
-- only the flagged lines of offline uploads are indexed, so the list reads them and nothing else.
CREATE INDEX IF NOT EXISTS "sale_items_flagged_idx" ON "sale_items" ("company_id", "sale_id") WHERE "flags" <> '{}'::text[];
