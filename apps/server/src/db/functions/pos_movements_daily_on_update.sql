-- Trigger (stock_movements, after update, per statement): moves the changed ledger rows between
-- stock_movements_daily rows (the ledger is append-only; update and delete are counted so nothing drifts).
CREATE OR REPLACE FUNCTION public.pos_movements_daily_on_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO stock_movements_daily AS d (company_id, branch_id, day, movement_type, user_id, movements)
  SELECT c.company_id, c.branch_id, (c.created_at AT TIME ZONE b.timezone)::date, c.movement_type,
         coalesce(c.user_id, '00000000-0000-0000-0000-000000000000'::uuid), sum(c.sign)::integer
  FROM (SELECT o.company_id, o.branch_id, o.created_at, o.movement_type, o.user_id, -1 AS sign FROM old_movements o
        UNION ALL
        SELECT n.company_id, n.branch_id, n.created_at, n.movement_type, n.user_id, 1 FROM new_movements n) c
  JOIN branches b ON b.company_id = c.company_id AND b.id = c.branch_id
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(c.sign) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, branch_id, day, movement_type, user_id) DO UPDATE SET
    movements = d.movements + excluded.movements;
  RETURN NULL;
END $function$;
