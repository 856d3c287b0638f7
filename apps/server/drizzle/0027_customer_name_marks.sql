CREATE TABLE "customer_name_marks" (
	"company_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"name" text NOT NULL,
	"id" uuid NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_name_marks_company_id_branch_id_name_id_pk" PRIMARY KEY("company_id","branch_id","name","id")
);
--> statement-breakpoint
-- Customer runs (issue 17, docs/ARCHITECTURE.md 'Deep pages'). The customers list pages a branch by
-- (name, id); OFFSET, or even an index-only walk from the nearer end, reads half a million index entries
-- for a middle page at 1,000,000 customers. Each branch's order is cut into runs of about RUN = 1000
-- customers: a mark is the first (name, id) of a run (a boundary: the customer it was cut at may since
-- have been renamed or moved), and `customers` counts the branch's customers from it up to the next mark.
-- The list sums the marks for its total and walks at most one run (2 x RUN) to a page. Marks compare with
-- the column's collation, as the list's ORDER BY does, so they hold on any collation.
--
-- A run re-cut: the branch's customers from the mark up to the next one, in the list's order, each
-- RUN-th starting a new run; the counts are counted again (a rebuild is this on the branch's first mark).
CREATE FUNCTION pos_cut_customer_run(p_company uuid, p_branch uuid, p_name text, p_id uuid) RETURNS void
LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
-- Counts customers into (delta 1) or out of (delta -1) the runs their keys fall in, one array element per
-- customer, then re-cuts a run that passed 2 x RUN. One writer per branch at a time (a transaction-scoped
-- advisory lock, taken in order): a run re-cut by a concurrent transaction would otherwise take a count
-- that belongs to the run cut off it. Each statement below sees what the previous lock holder committed.
CREATE FUNCTION pos_count_customer_runs(p_company uuid[], p_branch uuid[], p_name text[], p_id uuid[], p_delta int[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  run record;
BEGIN
  IF coalesce(cardinality(p_company), 0) = 0 THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('customer_name_marks ' || b.company_id || ' ' || b.branch_id, 0))
  FROM (SELECT DISTINCT u.company_id, u.branch_id FROM unnest(p_company, p_branch) AS u(company_id, branch_id)
        ORDER BY 1, 2) b;
  INSERT INTO customer_name_marks (company_id, branch_id, name, id)
  SELECT DISTINCT u.company_id, u.branch_id, '', '00000000-0000-0000-0000-000000000000'::uuid
  FROM unnest(p_company, p_branch) AS u(company_id, branch_id)
  ON CONFLICT DO NOTHING;
  UPDATE customer_name_marks m SET customers = m.customers + t.n
  FROM (
    SELECT u.company_id, u.branch_id, k.name, k.id, sum(u.delta)::int AS n
    FROM unnest(p_company, p_branch, p_name, p_id, p_delta) AS u(company_id, branch_id, name, id, delta)
    CROSS JOIN LATERAL (
      SELECT m2.name, m2.id FROM customer_name_marks m2
      WHERE m2.company_id = u.company_id AND m2.branch_id = u.branch_id AND (m2.name, m2.id) <= (u.name, u.id)
      ORDER BY m2.name DESC, m2.id DESC LIMIT 1
    ) k
    GROUP BY 1, 2, 3, 4
  ) t
  WHERE m.company_id = t.company_id AND m.branch_id = t.branch_id AND m.name = t.name AND m.id = t.id;
  FOR run IN
    SELECT m.company_id, m.branch_id, m.name, m.id FROM customer_name_marks m
    WHERE (m.company_id, m.branch_id) IN (SELECT u.company_id, u.branch_id FROM unnest(p_company, p_branch) AS u(company_id, branch_id))
      AND m.customers > 2000
  LOOP
    PERFORM pos_cut_customer_run(run.company_id, run.branch_id, run.name, run.id);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION pos_customer_runs_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pos_count_customer_runs(array_agg(n.company_id), array_agg(n.branch_id), array_agg(n.name), array_agg(n.id),
                                  array_agg(1))
  FROM new_customers n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION pos_customer_runs_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pos_count_customer_runs(array_agg(o.company_id), array_agg(o.branch_id), array_agg(o.name), array_agg(o.id),
                                  array_agg(-1))
  FROM old_customers o;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update moves a customer between runs only when its name or branch changes (a sale's
-- `ON CONFLICT ... DO UPDATE` on the phone changes neither).
CREATE FUNCTION pos_customer_runs_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pos_count_customer_runs(array_agg(x.company_id), array_agg(x.branch_id), array_agg(x.name), array_agg(x.id),
                                  array_agg(x.delta))
  FROM (
    SELECT o.company_id, o.branch_id, o.name, o.id, -1 AS delta
    FROM old_customers o JOIN new_customers n ON n.company_id = o.company_id AND n.id = o.id
    WHERE (n.name, n.branch_id) IS DISTINCT FROM (o.name, o.branch_id)
    UNION ALL
    SELECT n.company_id, n.branch_id, n.name, n.id, 1
    FROM old_customers o JOIN new_customers n ON n.company_id = o.company_id AND n.id = o.id
    WHERE (n.name, n.branch_id) IS DISTINCT FROM (o.name, o.branch_id)
  ) x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION pos_customer_runs_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM customer_name_marks;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_runs_insert AFTER INSERT ON customers REFERENCING NEW TABLE AS new_customers
  FOR EACH STATEMENT EXECUTE FUNCTION pos_customer_runs_on_insert();
--> statement-breakpoint
CREATE TRIGGER customers_runs_delete AFTER DELETE ON customers REFERENCING OLD TABLE AS old_customers
  FOR EACH STATEMENT EXECUTE FUNCTION pos_customer_runs_on_delete();
--> statement-breakpoint
CREATE TRIGGER customers_runs_update AFTER UPDATE ON customers
  REFERENCING OLD TABLE AS old_customers NEW TABLE AS new_customers
  FOR EACH STATEMENT EXECUTE FUNCTION pos_customer_runs_on_update();
--> statement-breakpoint
CREATE TRIGGER customers_runs_truncate AFTER TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION pos_customer_runs_on_truncate();
--> statement-breakpoint
-- Recuts one branch's runs from its customers.
CREATE FUNCTION pos_rebuild_customer_runs(p_company uuid, p_branch uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('customer_name_marks ' || p_company || ' ' || p_branch, 0));
  DELETE FROM customer_name_marks WHERE company_id = p_company AND branch_id = p_branch;
  INSERT INTO customer_name_marks (company_id, branch_id, name, id)
  VALUES (p_company, p_branch, '', '00000000-0000-0000-0000-000000000000'::uuid);
  PERFORM pos_cut_customer_run(p_company, p_branch, '', '00000000-0000-0000-0000-000000000000'::uuid);
END $$;
--> statement-breakpoint
-- The customers so far, cut by the same function.
SELECT pos_rebuild_customer_runs(b.company_id, b.id) FROM branches b
WHERE EXISTS (SELECT 1 FROM customers c WHERE c.company_id = b.company_id AND c.branch_id = b.id);
