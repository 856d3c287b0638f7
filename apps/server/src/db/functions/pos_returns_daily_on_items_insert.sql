-- Trigger (return_items, after insert, per statement): the items of completed returns, summed into
-- returns_daily (items returned, returned subtotal before restocking fees).
CREATE OR REPLACE FUNCTION public.pos_returns_daily_on_items_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO returns_daily AS d (company_id, branch_id, day, items_returned, returned_subtotal)
  SELECT r.company_id, r.branch_id, (r.created_at AT TIME ZONE b.timezone)::date, sum(n.quantity),
         sum(n.goods)
  FROM new_items n
  JOIN returns r ON r.company_id = n.company_id AND r.id = n.return_id
  JOIN branches b ON b.company_id = r.company_id AND b.id = r.branch_id
  WHERE r.status = 'completed'
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (company_id, branch_id, day) DO UPDATE SET
    items_returned = d.items_returned + excluded.items_returned,
    returned_subtotal = d.returned_subtotal + excluded.returned_subtotal;
  RETURN NULL;
END $function$;
