-- Adds one sale line's share (the sign is in the arguments) to its product's sales_daily_products row
-- (nothing unless the sale is completed).
CREATE OR REPLACE FUNCTION public.pos_sales_daily_products_add_line(p_company uuid, p_sale uuid, p_product uuid, p_name text, p_lines integer, p_quantity numeric, p_goods numeric)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO sales_daily_products AS d (company_id, branch_id, day, product_id, product_name, sale_lines, quantity,
                                         goods)
  SELECT s.company_id, s.branch_id, (s.sold_at AT TIME ZONE b.timezone)::date, p_product, p_name, p_lines, p_quantity,
         p_goods
  FROM sales s
  JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
  WHERE s.company_id = p_company AND s.id = p_sale AND s.status = 'completed'
  ON CONFLICT (company_id, branch_id, day, product_id, product_name) DO UPDATE SET
    sale_lines = d.sale_lines + excluded.sale_lines,
    quantity = d.quantity + excluded.quantity,
    goods = d.goods + excluded.goods;
END $function$;
