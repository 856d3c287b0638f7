-- Adds (sign 1) or removes (sign -1) one completed return's items to sales_daily_products, per product.
CREATE OR REPLACE FUNCTION public.pos_sales_daily_products_apply_return(r returns, sign integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF r.status <> 'completed' THEN
    RETURN;
  END IF;
  INSERT INTO sales_daily_products AS d (company_id, branch_id, day, product_id, product_name, return_lines,
                                         returned_quantity, returned_goods)
  SELECT r.company_id, r.branch_id, (r.created_at AT TIME ZONE b.timezone)::date, i.product_id, i.product_name,
         sign * count(*), sign * sum(i.quantity), sign * sum(i.goods)
  FROM return_items i
  JOIN branches b ON b.company_id = r.company_id AND b.id = r.branch_id
  WHERE i.company_id = r.company_id AND i.return_id = r.id
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, branch_id, day, product_id, product_name) DO UPDATE SET
    return_lines = d.return_lines + excluded.return_lines,
    returned_quantity = d.returned_quantity + excluded.returned_quantity,
    returned_goods = d.returned_goods + excluded.returned_goods;
END $function$;
