-- A listing that follows its variant's chain price no longer stores it (products.price null), so a chain price
-- change writes its variants, not every branch's listings. A listing whose stored price is its variant's
-- chain price and that is not an override follows it from now on; any other stored price stays, as an override.
ALTER TABLE "variants" ADD COLUMN "price_xid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "price" DROP NOT NULL;--> statement-breakpoint
-- No listing's price changes (it reads the same from its variant): no sync stamp and no live event is owed, so
-- the products triggers that give them stay out of it.
ALTER TABLE "products" DISABLE TRIGGER "products_change_xid";--> statement-breakpoint
ALTER TABLE "products" DISABLE TRIGGER "products_events_update";--> statement-breakpoint
UPDATE "products" p SET "price" = NULL
  FROM "variants" v
 WHERE v.company_id = p.company_id AND v.id = p.variant_id AND NOT p.price_overridden AND p.price = v.price;--> statement-breakpoint
ALTER TABLE "products" ENABLE TRIGGER "products_change_xid";--> statement-breakpoint
ALTER TABLE "products" ENABLE TRIGGER "products_events_update";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "price_overridden";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_overridden" boolean GENERATED ALWAYS AS (price is not null) STORED NOT NULL;
