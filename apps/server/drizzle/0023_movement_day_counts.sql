CREATE TABLE "stock_movements_daily" (
	"company_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"day" date NOT NULL,
	"movement_type" text NOT NULL,
	"user_id" uuid NOT NULL,
	"movements" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_movements_daily_company_id_branch_id_day_movement_type_user_id_pk" PRIMARY KEY("company_id","branch_id","day","movement_type","user_id")
);
--> statement-breakpoint
-- Movement counts (issue 17, docs/ARCHITECTURE.md 'Deep pages'): how many ledger rows each branch has per
-- local day (created_at in the branch's time zone), movement type and user (the nil uuid for none), kept by
-- statement-level triggers with transition tables on every insert, update and delete of stock_movements
-- (the ledger is append-only; update and delete are covered so the counts can never drift). Groups are
-- written in key order, so concurrent statements take the rows' locks in one order. The movements list
-- reads its total and the day its page starts in from here instead of counting 1,000,000 rows.
CREATE FUNCTION pos_movements_daily_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_movements_daily AS d (company_id, branch_id, day, movement_type, user_id, movements)
  SELECT n.company_id, n.branch_id, (n.created_at AT TIME ZONE b.timezone)::date, n.movement_type,
         coalesce(n.user_id, '00000000-0000-0000-0000-000000000000'::uuid), count(*)
  FROM new_movements n
  JOIN branches b ON b.company_id = n.company_id AND b.id = n.branch_id
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, branch_id, day, movement_type, user_id) DO UPDATE SET
    movements = d.movements + excluded.movements;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_movements_daily_insert AFTER INSERT ON stock_movements REFERENCING NEW TABLE AS new_movements
  FOR EACH STATEMENT EXECUTE FUNCTION pos_movements_daily_on_insert();
--> statement-breakpoint
CREATE FUNCTION pos_movements_daily_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_movements_daily AS d (company_id, branch_id, day, movement_type, user_id, movements)
  SELECT o.company_id, o.branch_id, (o.created_at AT TIME ZONE b.timezone)::date, o.movement_type,
         coalesce(o.user_id, '00000000-0000-0000-0000-000000000000'::uuid), -count(*)
  FROM old_movements o
  JOIN branches b ON b.company_id = o.company_id AND b.id = o.branch_id
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, branch_id, day, movement_type, user_id) DO UPDATE SET
    movements = d.movements + excluded.movements;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_movements_daily_delete AFTER DELETE ON stock_movements REFERENCING OLD TABLE AS old_movements
  FOR EACH STATEMENT EXECUTE FUNCTION pos_movements_daily_on_delete();
--> statement-breakpoint
CREATE FUNCTION pos_movements_daily_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_movements_daily_update AFTER UPDATE ON stock_movements
  REFERENCING OLD TABLE AS old_movements NEW TABLE AS new_movements
  FOR EACH STATEMENT EXECUTE FUNCTION pos_movements_daily_on_update();
--> statement-breakpoint
-- Recomputes one branch's movement counts from its ledger (after a change of the branch's time zone, like
-- pos_rebuild_daily_totals).
CREATE FUNCTION pos_rebuild_movement_counts(p_company uuid, p_branch uuid) RETURNS void LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
-- The ledger so far.
INSERT INTO stock_movements_daily (company_id, branch_id, day, movement_type, user_id, movements)
SELECT m.company_id, m.branch_id, (m.created_at AT TIME ZONE b.timezone)::date, m.movement_type,
       coalesce(m.user_id, '00000000-0000-0000-0000-000000000000'::uuid), count(*)
FROM stock_movements m
JOIN branches b ON b.company_id = m.company_id AND b.id = m.branch_id
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
-- The returns list counts its completed returns per day from returns_daily (migration 0003); the others
-- (no path creates them today, but the status exists) are counted from this small partial index.
CREATE INDEX IF NOT EXISTS "returns_branch_open_idx" ON "returns" ("company_id", "branch_id", "created_at", "return_number")
  INCLUDE ("id", "status") WHERE "status" <> 'completed';
