-- Product search paging (bench/README.md): a name-ordered index of live products that carries search_key
-- (listing pages and frequent search terms walk it index-only), and a text_pattern_ops index on search_key
-- for names that start with the term. The first replaces products_branch_name_idx.
DROP INDEX "products_branch_name_idx";--> statement-breakpoint
CREATE INDEX "products_live_name_idx" ON "products" USING btree ("company_id","branch_id","name","id","search_key") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_live_search_prefix_idx" ON "products" USING btree ("company_id","branch_id","search_key" text_pattern_ops,"name","id") WHERE "products"."deleted_at" is null;