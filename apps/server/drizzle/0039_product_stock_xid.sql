ALTER TABLE "products" ADD COLUMN "stock_xid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Room on each page for the new version of a row a sale updates: a HOT update needs it on the same page
-- (the stock stamp, db/functions/pos_products_stamp_changes.sql).
ALTER TABLE "products" SET (fillfactor = 90);
