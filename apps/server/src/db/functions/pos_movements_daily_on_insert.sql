-- Trigger (stock_movements, after insert, per statement): counts the new ledger rows into
-- stock_movements_daily per branch, local day of created_at, movement type and user (the nil uuid for none),
-- upserted in key order (concurrent statements lock the rows in one order: no deadlocks).
CREATE OR REPLACE FUNCTION public.pos_movements_daily_on_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO stock_movements_daily AS d (company_id, branch_id, day, movement_type, user_id, movements)
  SELECT n.company_id, n.branch_id, (n.created_at AT TIME ZONE b.timezone)::date, n.movement_type,
         coalesce(n.user_id, '00000000-0000-0000-0000-000000000000'::uuid), count(*)
  FROM new_movements n
  JOIN branches b ON b.company_id = n.company_id AND b.id = n.branch_id
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, branch_id, day, movement_type, user_id) DO UPDATE SET
    movements = d.movements + excluded.movements;
  RETURN NULL;
END $function$;
