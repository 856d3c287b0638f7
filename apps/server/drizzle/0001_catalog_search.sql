-- pg_trgm backs the product search index below (PGlite loads it in db/client.ts; trusted on PostgreSQL 13+).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_key" text GENERATED ALWAYS AS (lower(name) || chr(10) || lower(coalesce(sku, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_branch_name_uq" ON "brands" USING btree ("company_id","branch_id",lower("name"));--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_key" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_id_idx" ON "products" USING btree ("id");