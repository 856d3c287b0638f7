-- Trigger (stock_movements, after delete, per statement): counts the deleted ledger rows out of
-- stock_movements_daily (per branch, local day of created_at, movement type and user), in key order.
CREATE OR REPLACE FUNCTION public.pos_movements_daily_on_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO stock_movements_daily AS d (company_id, branch_id, day, movement_type, user_id, movements)
  SELECT o.company_id, o.branch_id, (o.created_at AT TIME ZONE b.timezone)::date, o.movement_type,
         coalesce(o.user_id, '00000000-0000-0000-0000-000000000000'::uuid), -count(*)
  FROM old_movements o
  JOIN branches b ON b.company_id = o.company_id AND b.id = o.branch_id
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, branch_id, day, movement_type, user_id) DO UPDATE SET
    movements = d.movements + excluded.movements;
  RETURN NULL;
END $function$;
