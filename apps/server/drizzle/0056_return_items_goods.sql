-- The returned units' goods, as the refund counts them (money.ts unitsRefund); the returns made before
-- this column are quantity x unit_price, what the reports summed for them until now.
ALTER TABLE "return_items" ADD COLUMN "goods" numeric(14, 2);--> statement-breakpoint
UPDATE "return_items" SET "goods" = round("quantity" * "unit_price", 2);--> statement-breakpoint
ALTER TABLE "return_items" ALTER COLUMN "goods" SET NOT NULL;
