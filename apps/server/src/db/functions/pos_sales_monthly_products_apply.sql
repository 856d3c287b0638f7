-- Trigger (sales_daily_products, after insert, update and delete, per statement): moves the same amounts
-- into sales_monthly_products (the daily rows summed by calendar month), grouped and upserted in key order
-- after the daily rows. An INSERT ... ON CONFLICT DO UPDATE of the daily rows fires the insert trigger (rows
-- inserted) and the update trigger (rows updated); each branch reads only its trigger's transition tables.
CREATE OR REPLACE FUNCTION public.pos_sales_monthly_products_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO sales_monthly_products AS m (company_id, branch_id, month, product_id, product_name, sale_lines,
                                             quantity, goods, return_lines, returned_quantity, returned_goods)
    SELECT x.company_id, x.branch_id, date_trunc('month', x.day::timestamp)::date, x.product_id, x.product_name,
           sum(x.sale_lines), sum(x.quantity), sum(x.goods), sum(x.return_lines), sum(x.returned_quantity),
           sum(x.returned_goods)
    FROM (SELECT * FROM pos_monthly_new) x
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (company_id, branch_id, month, product_id, product_name) DO UPDATE SET
      sale_lines = m.sale_lines + excluded.sale_lines,
      quantity = m.quantity + excluded.quantity,
      goods = m.goods + excluded.goods,
      return_lines = m.return_lines + excluded.return_lines,
      returned_quantity = m.returned_quantity + excluded.returned_quantity,
      returned_goods = m.returned_goods + excluded.returned_goods;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO sales_monthly_products AS m (company_id, branch_id, month, product_id, product_name, sale_lines,
                                             quantity, goods, return_lines, returned_quantity, returned_goods)
    SELECT x.company_id, x.branch_id, date_trunc('month', x.day::timestamp)::date, x.product_id, x.product_name,
           sum(x.sale_lines), sum(x.quantity), sum(x.goods), sum(x.return_lines), sum(x.returned_quantity),
           sum(x.returned_goods)
    FROM (SELECT o.company_id, o.branch_id, o.day, o.product_id, o.product_name, -o.sale_lines AS sale_lines,
                 -o.quantity AS quantity, -o.goods AS goods, -o.return_lines AS return_lines,
                 -o.returned_quantity AS returned_quantity, -o.returned_goods AS returned_goods
          FROM pos_monthly_old o) x
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (company_id, branch_id, month, product_id, product_name) DO UPDATE SET
      sale_lines = m.sale_lines + excluded.sale_lines,
      quantity = m.quantity + excluded.quantity,
      goods = m.goods + excluded.goods,
      return_lines = m.return_lines + excluded.return_lines,
      returned_quantity = m.returned_quantity + excluded.returned_quantity,
      returned_goods = m.returned_goods + excluded.returned_goods;
  ELSE
    INSERT INTO sales_monthly_products AS m (company_id, branch_id, month, product_id, product_name, sale_lines,
                                             quantity, goods, return_lines, returned_quantity, returned_goods)
    SELECT x.company_id, x.branch_id, date_trunc('month', x.day::timestamp)::date, x.product_id, x.product_name,
           sum(x.sale_lines), sum(x.quantity), sum(x.goods), sum(x.return_lines), sum(x.returned_quantity),
           sum(x.returned_goods)
    FROM (SELECT n.company_id, n.branch_id, n.day, n.product_id, n.product_name, n.sale_lines, n.quantity, n.goods,
                 n.return_lines, n.returned_quantity, n.returned_goods
          FROM pos_monthly_new n
          UNION ALL
          SELECT o.company_id, o.branch_id, o.day, o.product_id, o.product_name, -o.sale_lines AS sale_lines,
                 -o.quantity AS quantity, -o.goods AS goods, -o.return_lines AS return_lines,
                 -o.returned_quantity AS returned_quantity, -o.returned_goods AS returned_goods
          FROM pos_monthly_old o) x
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (company_id, branch_id, month, product_id, product_name) DO UPDATE SET
      sale_lines = m.sale_lines + excluded.sale_lines,
      quantity = m.quantity + excluded.quantity,
      goods = m.goods + excluded.goods,
      return_lines = m.return_lines + excluded.return_lines,
      returned_quantity = m.returned_quantity + excluded.returned_quantity,
      returned_goods = m.returned_goods + excluded.returned_goods;
  END IF;
  RETURN NULL;
END $function$;
