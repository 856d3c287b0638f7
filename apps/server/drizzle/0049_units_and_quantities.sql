-- Quantities with 3 decimals (0.750 kg). A column a trigger names in UPDATE OF cannot change its type, so
-- those triggers go first; the definitions migration that follows creates them again from their files.
DROP TRIGGER IF EXISTS sales_daily_item_change ON public.sale_items;--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_daily_products_item_change ON public.sale_items;--> statement-breakpoint
DROP TRIGGER IF EXISTS returns_daily_item_change ON public.return_items;--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_daily_products_return_item_change ON public.return_items;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "stock_quantity" SET DATA TYPE numeric(12, 3);--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "low_stock_threshold" SET DATA TYPE numeric(12, 3);--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "low_stock_threshold" SET DEFAULT 10;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "max_stock" SET DATA TYPE numeric(12, 3);--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "max_stock" SET DEFAULT 1000;--> statement-breakpoint
ALTER TABLE "stock_movements" ALTER COLUMN "quantity" SET DATA TYPE numeric(12, 3);--> statement-breakpoint
ALTER TABLE "stock_movements" ALTER COLUMN "previous_quantity" SET DATA TYPE numeric(12, 3);--> statement-breakpoint
ALTER TABLE "stock_movements" ALTER COLUMN "new_quantity" SET DATA TYPE numeric(12, 3);--> statement-breakpoint
ALTER TABLE "returns_daily" ALTER COLUMN "items_returned" SET DATA TYPE numeric(18, 3);--> statement-breakpoint
ALTER TABLE "sales_daily" ALTER COLUMN "items_sold" SET DATA TYPE numeric(18, 3);--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ALTER COLUMN "quantity_ordered" SET DATA TYPE numeric(12, 3);--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ALTER COLUMN "quantity_received" SET DATA TYPE numeric(12, 3);--> statement-breakpoint
ALTER TABLE "stock_count_lines" ALTER COLUMN "counted_quantity" SET DATA TYPE numeric(12, 3);--> statement-breakpoint
ALTER TABLE "stock_count_lines" ALTER COLUMN "expected_quantity" SET DATA TYPE numeric(12, 3);--> statement-breakpoint
ALTER TABLE "sales_daily_products" ALTER COLUMN "quantity" SET DATA TYPE numeric(18, 3);--> statement-breakpoint
ALTER TABLE "sales_daily_products" ALTER COLUMN "returned_quantity" SET DATA TYPE numeric(18, 3);--> statement-breakpoint
ALTER TABLE "sales_monthly_products" ALTER COLUMN "quantity" SET DATA TYPE numeric(18, 3);--> statement-breakpoint
ALTER TABLE "sales_monthly_products" ALTER COLUMN "returned_quantity" SET DATA TYPE numeric(18, 3);--> statement-breakpoint
ALTER TABLE "return_items" ALTER COLUMN "quantity" SET DATA TYPE numeric(12, 3);--> statement-breakpoint
ALTER TABLE "sale_items" ALTER COLUMN "quantity" SET DATA TYPE numeric(12, 3);--> statement-breakpoint
ALTER TABLE "sale_items" ALTER COLUMN "returned_quantity" SET DATA TYPE numeric(12, 3);--> statement-breakpoint
ALTER TABLE "transfer_lines" ALTER COLUMN "quantity" SET DATA TYPE numeric(12, 3);--> statement-breakpoint
ALTER TABLE "transfer_lines" ALTER COLUMN "received" SET DATA TYPE numeric(12, 3);--> statement-breakpoint
ALTER TABLE "transfer_lines" ALTER COLUMN "damaged" SET DATA TYPE numeric(12, 3);--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "unit" text DEFAULT 'piece' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "unit" text DEFAULT 'piece' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "scale_weight_prefix" text DEFAULT '21';--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_unit_check" CHECK ("items"."unit" in ('piece', 'kg', 'g', 'l', 'ml', 'm', 'pack'));