-- Trigger (products, after update, per statement): one live event per branch into live_events (the
-- outbox lib/events.ts reads): stock [[id, stock]] for stock changes and products [id] for product changes
-- (price, name, SKU, category, brand, branch, deleted); nothing when neither changed; resync above 100
-- products.
CREATE OR REPLACE FUNCTION public.pos_products_events_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO live_events (company_id, branch_id, stock, products, resync)
  SELECT x.company_id, x.branch_id, CASE WHEN x.changed <= 100 THEN x.stock END,
         CASE WHEN x.changed <= 100 THEN x.product END, x.changed > 100
  FROM (
    SELECT n.company_id, n.branch_id, count(*) AS changed,
           json_agg(json_build_array(n.id, n.stock_quantity))
             FILTER (WHERE n.stock_quantity IS DISTINCT FROM o.stock_quantity) AS stock,
           json_agg(n.id) FILTER (WHERE n.price IS DISTINCT FROM o.price OR n.name IS DISTINCT FROM o.name
             OR n.sku IS DISTINCT FROM o.sku OR n.deleted_at IS DISTINCT FROM o.deleted_at
             OR n.category_id IS DISTINCT FROM o.category_id OR n.brand_id IS DISTINCT FROM o.brand_id
             OR n.branch_id IS DISTINCT FROM o.branch_id) AS product
    FROM new_products n
    JOIN old_products o ON o.company_id = n.company_id AND o.id = n.id
    GROUP BY n.company_id, n.branch_id
  ) x
  WHERE x.stock IS NOT NULL OR x.product IS NOT NULL;
  RETURN NULL;
END $function$;
