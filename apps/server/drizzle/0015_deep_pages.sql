-- Deep pages (issue 17, docs/ARCHITECTURE.md 'Deep pages'): each long list reads a page's ids by an
-- index-only walk from the nearer end of its order, then the page's rows by id. These indexes hold the
-- list's whole order (ties included) and the columns its filters test, so the walk never reads the table.
CREATE INDEX IF NOT EXISTS "sales_branch_page_idx" ON "sales" ("company_id", "branch_id", "sold_at", "receipt_number") INCLUDE ("id", "status", "payment_method", "cashier_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "returns_branch_page_idx" ON "returns" ("company_id", "branch_id", "created_at", "return_number") INCLUDE ("id", "status");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_movements_branch_page_idx" ON "stock_movements" ("company_id", "branch_id", "created_at", "id") INCLUDE ("product_id", "movement_type");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_branch_name_idx" ON "customers" ("company_id", "branch_id", "name", "id");
