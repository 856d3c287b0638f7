-- Trigger (return_items, after insert, per statement): the items of completed returns summed into
-- sales_daily_products by the return's local day (count, quantity, goods), in key order.
CREATE OR REPLACE FUNCTION public.pos_sales_daily_products_on_return_items_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO sales_daily_products AS d (company_id, branch_id, day, product_id, product_name, return_lines,
                                         returned_quantity, returned_goods)
  SELECT r.company_id, r.branch_id, (r.created_at AT TIME ZONE b.timezone)::date, n.product_id, n.product_name,
         count(*), sum(n.quantity), sum(n.goods)
  FROM new_items n
  JOIN returns r ON r.company_id = n.company_id AND r.id = n.return_id
  JOIN branches b ON b.company_id = r.company_id AND b.id = r.branch_id
  WHERE r.status = 'completed'
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, branch_id, day, product_id, product_name) DO UPDATE SET
    return_lines = d.return_lines + excluded.return_lines,
    returned_quantity = d.returned_quantity + excluded.returned_quantity,
    returned_goods = d.returned_goods + excluded.returned_goods;
  RETURN NULL;
END $function$;
