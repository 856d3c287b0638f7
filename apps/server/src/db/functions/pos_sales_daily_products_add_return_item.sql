-- Adds one return item's share (the sign is in the arguments) to its product's sales_daily_products row
-- (nothing unless the return is completed).
CREATE OR REPLACE FUNCTION public.pos_sales_daily_products_add_return_item(p_company uuid, p_return uuid, p_product uuid, p_name text, p_lines integer, p_quantity numeric, p_goods numeric)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO sales_daily_products AS d (company_id, branch_id, day, product_id, product_name, return_lines,
                                         returned_quantity, returned_goods)
  SELECT r.company_id, r.branch_id, (r.created_at AT TIME ZONE b.timezone)::date, p_product, p_name, p_lines,
         p_quantity, p_goods
  FROM returns r
  JOIN branches b ON b.company_id = r.company_id AND b.id = r.branch_id
  WHERE r.company_id = p_company AND r.id = p_return AND r.status = 'completed'
  ON CONFLICT (company_id, branch_id, day, product_id, product_name) DO UPDATE SET
    return_lines = d.return_lines + excluded.return_lines,
    returned_quantity = d.returned_quantity + excluded.returned_quantity,
    returned_goods = d.returned_goods + excluded.returned_goods;
END $function$;
