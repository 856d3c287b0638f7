CREATE TABLE "barcodes" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"variant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "barcodes_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "barcodes_kind_check" CHECK ("barcodes"."kind" in ('ean13', 'upca', 'code128'))
);
--> statement-breakpoint
CREATE TABLE "items" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"category_id" uuid,
	"option_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "items_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "variants" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sku" text,
	"option_values" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"cost" numeric(14, 2) DEFAULT '0' NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "variants_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_overridden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Every existing product becomes a listing of the company's catalogue: one item with one variant per SKU
-- (case-insensitive) in a company, or per name for products without an SKU; each branch's row of that key
-- is its listing. A branch's second row of one key (a deleted row beside the live one, or a second product
-- without SKU of the same name) makes a second item, so a variant is listed once per branch. The variant
-- takes the name, SKU, category, description and cost of its first live row (the main branch's, else the
-- earliest) and the price most of its live rows sell at (the lowest of equally common prices); a row at
-- another price keeps it as a branch override. Every listing's catalogue columns change, so every register
-- downloads its catalogue once more after the upgrade.
-- Stock, the ledger and every sale, return and document keep their product ids.
CREATE TEMPORARY TABLE "catalog_backfill" AS
SELECT company_id, id AS product_id, key,
  row_number() OVER (PARTITION BY company_id, branch_id, key ORDER BY deleted_at IS NOT NULL, created_at, id) AS rank
FROM (SELECT p.*, CASE WHEN p.sku IS NOT NULL THEN 's' || lower(p.sku) ELSE 'n' || lower(p.name) END AS key FROM products p) keyed;--> statement-breakpoint
CREATE TEMPORARY TABLE "catalog_backfill_variants" AS
SELECT b.company_id, b.key, b.rank, gen_random_uuid() AS item_id, gen_random_uuid() AS variant_id,
  (array_agg(p.id ORDER BY p.deleted_at IS NOT NULL, br.is_main DESC, p.created_at, p.id))[1] AS first_id,
  coalesce(mode() WITHIN GROUP (ORDER BY p.price) FILTER (WHERE p.deleted_at IS NULL),
           mode() WITHIN GROUP (ORDER BY p.price)) AS price,
  bool_and(p.deleted_at IS NOT NULL) AS all_deleted
FROM catalog_backfill b
JOIN products p ON p.company_id = b.company_id AND p.id = b.product_id
JOIN branches br ON br.company_id = p.company_id AND br.id = p.branch_id
GROUP BY b.company_id, b.key, b.rank;--> statement-breakpoint
INSERT INTO "items" (company_id, id, name, description, category_id, deleted_at, created_at)
SELECT v.company_id, v.item_id, f.name, f.description, f.category_id, CASE WHEN v.all_deleted THEN f.deleted_at END, f.created_at
FROM catalog_backfill_variants v JOIN products f ON f.company_id = v.company_id AND f.id = v.first_id;--> statement-breakpoint
INSERT INTO "variants" (company_id, id, item_id, name, sku, cost, price, deleted_at, created_at)
SELECT v.company_id, v.variant_id, v.item_id, f.name, f.sku, f.cost, v.price, CASE WHEN v.all_deleted THEN f.deleted_at END, f.created_at
FROM catalog_backfill_variants v JOIN products f ON f.company_id = v.company_id AND f.id = v.first_id;--> statement-breakpoint
UPDATE "products" p
SET variant_id = v.variant_id, price_overridden = p.price <> v.price,
  name = f.name, sku = f.sku, category_id = f.category_id, description = f.description
FROM catalog_backfill b
JOIN catalog_backfill_variants v ON v.company_id = b.company_id AND v.key = b.key AND v.rank = b.rank
JOIN products f ON f.company_id = v.company_id AND f.id = v.first_id
WHERE p.company_id = b.company_id AND p.id = b.product_id;--> statement-breakpoint
-- A listing's category (now its item's) is shown in its branch, as a transfer does for the products it creates.
INSERT INTO "category_branches" (company_id, category_id, branch_id)
SELECT DISTINCT company_id, category_id, branch_id FROM products WHERE category_id IS NOT NULL AND deleted_at IS NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "catalog_backfill";--> statement-breakpoint
DROP TABLE "catalog_backfill_variants";--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "barcodes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "barcodes" ADD CONSTRAINT "barcodes_company_id_variant_id_variants_company_id_id_fk" FOREIGN KEY ("company_id","variant_id") REFERENCES "public"."variants"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_company_id_category_id_categories_company_id_id_fk" FOREIGN KEY ("company_id","category_id") REFERENCES "public"."categories"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_company_id_item_id_items_company_id_id_fk" FOREIGN KEY ("company_id","item_id") REFERENCES "public"."items"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "barcodes_company_code_uq" ON "barcodes" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "barcodes_variant_idx" ON "barcodes" USING btree ("company_id","variant_id");--> statement-breakpoint
CREATE INDEX "items_name_idx" ON "items" USING btree ("company_id","name","id") WHERE "items"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "variants_item_idx" ON "variants" USING btree ("company_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "variants_company_sku_uq" ON "variants" USING btree ("company_id",lower("sku")) WHERE "variants"."deleted_at" is null and "variants"."sku" is not null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_company_id_variant_id_variants_company_id_id_fk" FOREIGN KEY ("company_id","variant_id") REFERENCES "public"."variants"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "products_variant_branch_uq" ON "products" USING btree ("company_id","variant_id","branch_id") WHERE "products"."deleted_at" is null;