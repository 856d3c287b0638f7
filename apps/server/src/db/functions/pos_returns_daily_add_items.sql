-- Adds a quantity and an amount of goods to a return's returns_daily row (nothing unless the return exists
-- and is completed).
CREATE OR REPLACE FUNCTION public.pos_returns_daily_add_items(p_company uuid, p_return uuid, qty numeric, goods numeric)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO returns_daily AS d (company_id, branch_id, day, items_returned, returned_subtotal)
  SELECT r.company_id, r.branch_id, (r.created_at AT TIME ZONE b.timezone)::date, qty, goods
  FROM returns r
  JOIN branches b ON b.company_id = r.company_id AND b.id = r.branch_id
  WHERE r.company_id = p_company AND r.id = p_return AND r.status = 'completed'
  ON CONFLICT (company_id, branch_id, day) DO UPDATE SET
    items_returned = d.items_returned + excluded.items_returned,
    returned_subtotal = d.returned_subtotal + excluded.returned_subtotal;
END $function$;
