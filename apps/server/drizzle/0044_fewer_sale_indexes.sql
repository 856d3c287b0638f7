DROP INDEX "stock_movements_branch_idx";--> statement-breakpoint
DROP INDEX "sales_branch_sold_idx";--> statement-breakpoint
DROP INDEX "sales_late_shift_idx";--> statement-breakpoint
CREATE INDEX "sales_late_shift_idx" ON "sales" USING btree ("company_id","late_shift_id") WHERE "sales"."late_shift_id" is not null;