-- Re-cuts one run of a branch's customers list: the customers from the mark (p_name, p_id) up to the next
-- mark, in the list's order (name, id), each 1000th starting a new run, and their counts counted again. The
-- customers list sums the marks for its total and walks at most one run (2 x 1000) to a page; marks compare
-- with the column's collation, as the list's ORDER BY does.
CREATE OR REPLACE FUNCTION public.pos_cut_customer_run(p_company uuid, p_branch uuid, p_name text, p_id uuid)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  next_name text;
  next_id uuid;
BEGIN
  SELECT m.name, m.id INTO next_name, next_id FROM customer_name_marks m
  WHERE m.company_id = p_company AND m.branch_id = p_branch AND (m.name, m.id) > (p_name, p_id)
  ORDER BY m.name, m.id LIMIT 1;
  INSERT INTO customer_name_marks AS m (company_id, branch_id, name, id, customers)
  SELECT p_company, p_branch, CASE WHEN r.k = 0 THEN p_name ELSE r.name END, CASE WHEN r.k = 0 THEN p_id ELSE r.id END,
         least(1000, r.n - r.k)
  FROM (
    SELECT c.name, c.id, row_number() OVER (ORDER BY c.name, c.id) - 1 AS k, count(*) OVER () AS n
    FROM customers c
    WHERE c.company_id = p_company AND c.branch_id = p_branch AND (c.name, c.id) >= (p_name, p_id)
      AND (next_name IS NULL OR (c.name, c.id) < (next_name, next_id))
  ) r
  WHERE r.k % 1000 = 0
  ON CONFLICT (company_id, branch_id, name, id) DO UPDATE SET customers = excluded.customers;
END $function$;
