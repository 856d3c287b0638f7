-- Recomputes one branch's sales_daily, sales_daily_tenders and returns_daily from its rows, then its report totals (after a
-- change of the branch's time zone): the rolled-up sales by the roll-up's derivation (pos_sales_daily_of;
-- sales still queued stay out, the roll-up adds them), the completed returns by their day.
-- The table locks hold back concurrent returns, sales' changes and roll-ups until the caller's transaction
-- commits; taken in the order a roll-up writes the tables (pos_sales_rollup).
CREATE OR REPLACE FUNCTION public.pos_rebuild_daily_totals(p_company uuid, p_branch uuid)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  LOCK TABLE sales_hourly, sales_daily_products, sales_daily, sales_daily_tenders, returns_daily IN EXCLUSIVE MODE;
  DELETE FROM sales_daily WHERE company_id = p_company AND branch_id = p_branch;
  DELETE FROM sales_daily_tenders WHERE company_id = p_company AND branch_id = p_branch;
  DELETE FROM returns_daily WHERE company_id = p_company AND branch_id = p_branch;
  INSERT INTO sales_daily
  SELECT * FROM pos_sales_daily_of(ARRAY(SELECT s.id FROM sales s
                                         WHERE s.company_id = p_company AND s.branch_id = p_branch
                                           AND NOT pos_sales_rollup_queued(s.company_id, s.id)));
  INSERT INTO sales_daily_tenders
  SELECT * FROM pos_sales_daily_tenders_of(ARRAY(SELECT s.id FROM sales s
                                                 WHERE s.company_id = p_company AND s.branch_id = p_branch
                                                   AND NOT pos_sales_rollup_queued(s.company_id, s.id)));
  INSERT INTO returns_daily (company_id, branch_id, day, returns_count, refunded, items_returned, returned_subtotal)
  SELECT r.company_id, r.branch_id, (r.created_at AT TIME ZONE b.timezone)::date, count(*), sum(r.refund_amount),
         coalesce(sum(i.quantity), 0), coalesce(sum(i.goods), 0)
  FROM returns r
  JOIN branches b ON b.company_id = r.company_id AND b.id = r.branch_id
  LEFT JOIN LATERAL (
    SELECT sum(ri.quantity) AS quantity, sum(ri.goods) AS goods
    FROM return_items ri WHERE ri.company_id = r.company_id AND ri.return_id = r.id
  ) i ON true
  WHERE r.company_id = p_company AND r.branch_id = p_branch AND r.status = 'completed'
  GROUP BY 1, 2, 3;
  PERFORM pos_rebuild_report_totals(p_company, p_branch);
END $function$;
