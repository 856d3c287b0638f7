CREATE TABLE "returns_daily" (
	"company_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"day" date NOT NULL,
	"returns_count" integer DEFAULT 0 NOT NULL,
	"refunded" numeric(18, 2) DEFAULT '0' NOT NULL,
	"items_returned" integer DEFAULT 0 NOT NULL,
	"returned_subtotal" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "returns_daily_company_id_branch_id_day_pk" PRIMARY KEY("company_id","branch_id","day")
);
--> statement-breakpoint
CREATE TABLE "sales_daily" (
	"company_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"day" date NOT NULL,
	"cashier_id" uuid NOT NULL,
	"payment_method" text NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"transactions" integer DEFAULT 0 NOT NULL,
	"revenue" numeric(18, 2) DEFAULT '0' NOT NULL,
	"subtotal" numeric(18, 2) DEFAULT '0' NOT NULL,
	"tax" numeric(18, 2) DEFAULT '0' NOT NULL,
	"discounts" numeric(18, 2) DEFAULT '0' NOT NULL,
	"items_sold" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_daily_company_id_branch_id_day_cashier_id_payment_method_pk" PRIMARY KEY("company_id","branch_id","day","cashier_id","payment_method")
);
--> statement-breakpoint
CREATE TABLE "return_items" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"sale_item_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"product_sku" text,
	"quantity" integer NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"restocking_fee" numeric(14, 2) DEFAULT '0' NOT NULL,
	"condition" text DEFAULT 'new' NOT NULL,
	"is_restockable" boolean DEFAULT true NOT NULL,
	"reason" text,
	"total_amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "return_items_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"branch_id" uuid NOT NULL,
	"return_number" text NOT NULL,
	"original_sale_id" uuid NOT NULL,
	"processed_by" uuid NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"refund_amount" numeric(14, 2) NOT NULL,
	"refund_method" text DEFAULT 'cash' NOT NULL,
	"reason" text NOT NULL,
	"reason_description" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_company_id_return_id_returns_company_id_id_fk" FOREIGN KEY ("company_id","return_id") REFERENCES "public"."returns"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_company_id_sale_item_id_sale_items_company_id_id_fk" FOREIGN KEY ("company_id","sale_item_id") REFERENCES "public"."sale_items"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_company_id_product_id_products_company_id_id_fk" FOREIGN KEY ("company_id","product_id") REFERENCES "public"."products"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_processed_by_users_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_company_id_branch_id_branches_company_id_id_fk" FOREIGN KEY ("company_id","branch_id") REFERENCES "public"."branches"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_company_id_original_sale_id_sales_company_id_id_fk" FOREIGN KEY ("company_id","original_sale_id") REFERENCES "public"."sales"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_items_return_idx" ON "return_items" USING btree ("company_id","return_id");--> statement-breakpoint
CREATE INDEX "return_items_sale_item_idx" ON "return_items" USING btree ("company_id","sale_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "returns_branch_number_uq" ON "returns" USING btree ("company_id","branch_id","return_number");--> statement-breakpoint
CREATE INDEX "returns_branch_created_idx" ON "returns" USING btree ("company_id","branch_id","created_at");--> statement-breakpoint
CREATE INDEX "returns_sale_idx" ON "returns" USING btree ("company_id","original_sale_id");--> statement-breakpoint
CREATE INDEX "returns_id_idx" ON "returns" USING btree ("id");--> statement-breakpoint
-- Daily totals (docs/ARCHITECTURE.md, 'Sales figures'): kept by these triggers on every path that
-- writes sales, sale_items, returns and return_items. A day is the row's created_at in the branch's
-- time zone. Inserts are summed per statement (transition tables); updates and deletes per row.
CREATE FUNCTION pos_sales_daily_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_daily AS d (company_id, branch_id, day, cashier_id, payment_method, sales_count, transactions,
                                revenue, subtotal, tax, discounts, items_sold)
  SELECT n.company_id, n.branch_id, (n.created_at AT TIME ZONE b.timezone)::date, n.cashier_id, n.payment_method,
         count(*),
         count(*) FILTER (WHERE n.status = 'completed'),
         coalesce(sum(n.total) FILTER (WHERE n.status = 'completed'), 0),
         coalesce(sum(n.subtotal) FILTER (WHERE n.status = 'completed'), 0),
         coalesce(sum(n.tax_amount) FILTER (WHERE n.status = 'completed'), 0),
         coalesce(sum(n.discount_amount) FILTER (WHERE n.status = 'completed'), 0),
         0
  FROM new_sales n
  JOIN branches b ON b.company_id = n.company_id AND b.id = n.branch_id
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, branch_id, day, cashier_id, payment_method) DO UPDATE SET
    sales_count = d.sales_count + excluded.sales_count,
    transactions = d.transactions + excluded.transactions,
    revenue = d.revenue + excluded.revenue,
    subtotal = d.subtotal + excluded.subtotal,
    tax = d.tax + excluded.tax,
    discounts = d.discounts + excluded.discounts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_daily_insert AFTER INSERT ON sales REFERENCING NEW TABLE AS new_sales
  FOR EACH STATEMENT EXECUTE FUNCTION pos_sales_daily_on_insert();
--> statement-breakpoint
CREATE FUNCTION pos_sales_daily_on_items_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_daily AS d (company_id, branch_id, day, cashier_id, payment_method, items_sold)
  SELECT s.company_id, s.branch_id, (s.created_at AT TIME ZONE b.timezone)::date, s.cashier_id, s.payment_method,
         sum(n.quantity)
  FROM new_items n
  JOIN sales s ON s.company_id = n.company_id AND s.id = n.sale_id
  JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
  WHERE s.status = 'completed'
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, branch_id, day, cashier_id, payment_method) DO UPDATE SET
    items_sold = d.items_sold + excluded.items_sold;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_daily_items_insert AFTER INSERT ON sale_items REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION pos_sales_daily_on_items_insert();
--> statement-breakpoint
-- Adds (sign 1) or removes (sign -1) one sale's whole contribution, its items included.
CREATE FUNCTION pos_sales_daily_apply(s sales, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  done boolean := s.status = 'completed';
  local_day date;
  items integer := 0;
BEGIN
  SELECT (s.created_at AT TIME ZONE b.timezone)::date INTO local_day
  FROM branches b WHERE b.company_id = s.company_id AND b.id = s.branch_id;
  IF done THEN
    SELECT coalesce(sum(quantity), 0) INTO items FROM sale_items WHERE company_id = s.company_id AND sale_id = s.id;
  END IF;
  INSERT INTO sales_daily AS d (company_id, branch_id, day, cashier_id, payment_method, sales_count, transactions,
                                revenue, subtotal, tax, discounts, items_sold)
  VALUES (s.company_id, s.branch_id, local_day, s.cashier_id, s.payment_method, sign,
          CASE WHEN done THEN sign ELSE 0 END,
          CASE WHEN done THEN sign * s.total ELSE 0 END,
          CASE WHEN done THEN sign * s.subtotal ELSE 0 END,
          CASE WHEN done THEN sign * s.tax_amount ELSE 0 END,
          CASE WHEN done THEN sign * s.discount_amount ELSE 0 END,
          sign * items)
  ON CONFLICT (company_id, branch_id, day, cashier_id, payment_method) DO UPDATE SET
    sales_count = d.sales_count + excluded.sales_count,
    transactions = d.transactions + excluded.transactions,
    revenue = d.revenue + excluded.revenue,
    subtotal = d.subtotal + excluded.subtotal,
    tax = d.tax + excluded.tax,
    discounts = d.discounts + excluded.discounts,
    items_sold = d.items_sold + excluded.items_sold;
END $$;
--> statement-breakpoint
CREATE FUNCTION pos_sales_daily_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pos_sales_daily_apply(OLD, -1);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_sales_daily_apply(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_daily_change
  AFTER UPDATE OF company_id, id, branch_id, cashier_id, payment_method, status, subtotal, tax_amount, discount_amount,
    total, created_at OR DELETE ON sales
  FOR EACH ROW EXECUTE FUNCTION pos_sales_daily_on_change();
--> statement-breakpoint
-- Adds a quantity to the items sold of a sale's row (nothing unless the sale exists and is completed).
CREATE FUNCTION pos_sales_daily_add_items(p_company uuid, p_sale uuid, qty integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_daily AS d (company_id, branch_id, day, cashier_id, payment_method, items_sold)
  SELECT s.company_id, s.branch_id, (s.created_at AT TIME ZONE b.timezone)::date, s.cashier_id, s.payment_method, qty
  FROM sales s
  JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
  WHERE s.company_id = p_company AND s.id = p_sale AND s.status = 'completed'
  ON CONFLICT (company_id, branch_id, day, cashier_id, payment_method) DO UPDATE SET
    items_sold = d.items_sold + excluded.items_sold;
END $$;
--> statement-breakpoint
CREATE FUNCTION pos_sales_daily_on_item_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pos_sales_daily_add_items(OLD.company_id, OLD.sale_id, -OLD.quantity);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_sales_daily_add_items(NEW.company_id, NEW.sale_id, NEW.quantity);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_daily_item_change AFTER UPDATE OF company_id, sale_id, quantity OR DELETE ON sale_items
  FOR EACH ROW EXECUTE FUNCTION pos_sales_daily_on_item_change();
--> statement-breakpoint
CREATE FUNCTION pos_returns_daily_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO returns_daily AS d (company_id, branch_id, day, returns_count, refunded)
  SELECT n.company_id, n.branch_id, (n.created_at AT TIME ZONE b.timezone)::date, count(*), sum(n.refund_amount)
  FROM new_returns n
  JOIN branches b ON b.company_id = n.company_id AND b.id = n.branch_id
  WHERE n.status = 'completed'
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (company_id, branch_id, day) DO UPDATE SET
    returns_count = d.returns_count + excluded.returns_count,
    refunded = d.refunded + excluded.refunded;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER returns_daily_insert AFTER INSERT ON returns REFERENCING NEW TABLE AS new_returns
  FOR EACH STATEMENT EXECUTE FUNCTION pos_returns_daily_on_insert();
--> statement-breakpoint
CREATE FUNCTION pos_returns_daily_on_items_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO returns_daily AS d (company_id, branch_id, day, items_returned, returned_subtotal)
  SELECT r.company_id, r.branch_id, (r.created_at AT TIME ZONE b.timezone)::date, sum(n.quantity),
         sum(n.quantity * n.unit_price)
  FROM new_items n
  JOIN returns r ON r.company_id = n.company_id AND r.id = n.return_id
  JOIN branches b ON b.company_id = r.company_id AND b.id = r.branch_id
  WHERE r.status = 'completed'
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (company_id, branch_id, day) DO UPDATE SET
    items_returned = d.items_returned + excluded.items_returned,
    returned_subtotal = d.returned_subtotal + excluded.returned_subtotal;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER returns_daily_items_insert AFTER INSERT ON return_items REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION pos_returns_daily_on_items_insert();
--> statement-breakpoint
CREATE FUNCTION pos_returns_daily_apply(r returns, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  local_day date;
  items integer;
  goods numeric;
BEGIN
  IF r.status <> 'completed' THEN
    RETURN;
  END IF;
  SELECT (r.created_at AT TIME ZONE b.timezone)::date INTO local_day
  FROM branches b WHERE b.company_id = r.company_id AND b.id = r.branch_id;
  SELECT coalesce(sum(quantity), 0), coalesce(sum(quantity * unit_price), 0) INTO items, goods
  FROM return_items WHERE company_id = r.company_id AND return_id = r.id;
  INSERT INTO returns_daily AS d (company_id, branch_id, day, returns_count, refunded, items_returned, returned_subtotal)
  VALUES (r.company_id, r.branch_id, local_day, sign, sign * r.refund_amount, sign * items, sign * goods)
  ON CONFLICT (company_id, branch_id, day) DO UPDATE SET
    returns_count = d.returns_count + excluded.returns_count,
    refunded = d.refunded + excluded.refunded,
    items_returned = d.items_returned + excluded.items_returned,
    returned_subtotal = d.returned_subtotal + excluded.returned_subtotal;
END $$;
--> statement-breakpoint
CREATE FUNCTION pos_returns_daily_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pos_returns_daily_apply(OLD, -1);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_returns_daily_apply(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER returns_daily_change
  AFTER UPDATE OF company_id, id, branch_id, status, refund_amount, created_at OR DELETE ON returns
  FOR EACH ROW EXECUTE FUNCTION pos_returns_daily_on_change();
--> statement-breakpoint
CREATE FUNCTION pos_returns_daily_add_items(p_company uuid, p_return uuid, qty integer, goods numeric)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO returns_daily AS d (company_id, branch_id, day, items_returned, returned_subtotal)
  SELECT r.company_id, r.branch_id, (r.created_at AT TIME ZONE b.timezone)::date, qty, goods
  FROM returns r
  JOIN branches b ON b.company_id = r.company_id AND b.id = r.branch_id
  WHERE r.company_id = p_company AND r.id = p_return AND r.status = 'completed'
  ON CONFLICT (company_id, branch_id, day) DO UPDATE SET
    items_returned = d.items_returned + excluded.items_returned,
    returned_subtotal = d.returned_subtotal + excluded.returned_subtotal;
END $$;
--> statement-breakpoint
CREATE FUNCTION pos_returns_daily_on_item_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pos_returns_daily_add_items(OLD.company_id, OLD.return_id, -OLD.quantity, -(OLD.quantity * OLD.unit_price));
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_returns_daily_add_items(NEW.company_id, NEW.return_id, NEW.quantity, NEW.quantity * NEW.unit_price);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER returns_daily_item_change AFTER UPDATE OF company_id, return_id, quantity, unit_price OR DELETE ON return_items
  FOR EACH ROW EXECUTE FUNCTION pos_returns_daily_on_item_change();
--> statement-breakpoint
-- Recomputes one branch's daily totals from its rows (after a change of the branch's time zone).
-- The table locks hold back concurrent sales and returns until the caller's transaction commits.
CREATE FUNCTION pos_rebuild_daily_totals(p_company uuid, p_branch uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE sales_daily, returns_daily IN EXCLUSIVE MODE;
  DELETE FROM sales_daily WHERE company_id = p_company AND branch_id = p_branch;
  DELETE FROM returns_daily WHERE company_id = p_company AND branch_id = p_branch;
  INSERT INTO sales_daily (company_id, branch_id, day, cashier_id, payment_method, sales_count, transactions,
                           revenue, subtotal, tax, discounts, items_sold)
  SELECT s.company_id, s.branch_id, (s.created_at AT TIME ZONE b.timezone)::date, s.cashier_id, s.payment_method,
         count(*),
         count(*) FILTER (WHERE s.status = 'completed'),
         coalesce(sum(s.total) FILTER (WHERE s.status = 'completed'), 0),
         coalesce(sum(s.subtotal) FILTER (WHERE s.status = 'completed'), 0),
         coalesce(sum(s.tax_amount) FILTER (WHERE s.status = 'completed'), 0),
         coalesce(sum(s.discount_amount) FILTER (WHERE s.status = 'completed'), 0),
         coalesce(sum(i.quantity) FILTER (WHERE s.status = 'completed'), 0)
  FROM sales s
  JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
  LEFT JOIN LATERAL (
    SELECT sum(si.quantity) AS quantity FROM sale_items si WHERE si.company_id = s.company_id AND si.sale_id = s.id
  ) i ON true
  WHERE s.company_id = p_company AND s.branch_id = p_branch
  GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO returns_daily (company_id, branch_id, day, returns_count, refunded, items_returned, returned_subtotal)
  SELECT r.company_id, r.branch_id, (r.created_at AT TIME ZONE b.timezone)::date, count(*), sum(r.refund_amount),
         coalesce(sum(i.quantity), 0), coalesce(sum(i.goods), 0)
  FROM returns r
  JOIN branches b ON b.company_id = r.company_id AND b.id = r.branch_id
  LEFT JOIN LATERAL (
    SELECT sum(ri.quantity) AS quantity, sum(ri.quantity * ri.unit_price) AS goods
    FROM return_items ri WHERE ri.company_id = r.company_id AND ri.return_id = r.id
  ) i ON true
  WHERE r.company_id = p_company AND r.branch_id = p_branch AND r.status = 'completed'
  GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
SELECT pos_rebuild_daily_totals(company_id, id) FROM branches;
