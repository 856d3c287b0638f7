ALTER TABLE "sale_items" ADD COLUMN "unit" text DEFAULT 'piece' NOT NULL;--> statement-breakpoint
-- Lines sold before this column, of products not sold by the piece, take their product's unit.
UPDATE "sale_items" si SET "unit" = p."unit"
  FROM "products" p
 WHERE p."company_id" = si."company_id" AND p."id" = si."product_id" AND p."unit" <> 'piece';
