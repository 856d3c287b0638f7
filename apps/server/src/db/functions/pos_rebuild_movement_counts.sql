-- Recomputes one branch's stock_movements_daily from its ledger (after a change of the branch's time zone).
CREATE OR REPLACE FUNCTION public.pos_rebuild_movement_counts(p_company uuid, p_branch uuid)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  LOCK TABLE stock_movements_daily IN EXCLUSIVE MODE;
  DELETE FROM stock_movements_daily WHERE company_id = p_company AND branch_id = p_branch;
  INSERT INTO stock_movements_daily (company_id, branch_id, day, movement_type, user_id, movements)
  SELECT m.company_id, m.branch_id, (m.created_at AT TIME ZONE b.timezone)::date, m.movement_type,
         coalesce(m.user_id, '00000000-0000-0000-0000-000000000000'::uuid), count(*)
  FROM stock_movements m
  JOIN branches b ON b.company_id = m.company_id AND b.id = m.branch_id
  WHERE m.company_id = p_company AND m.branch_id = p_branch
  GROUP BY 1, 2, 3, 4, 5;
END $function$;
