CREATE TABLE "sales_daily_tenders" (
	"company_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"day" date NOT NULL,
	"cashier_id" uuid NOT NULL,
	"method" text NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"transactions" integer DEFAULT 0 NOT NULL,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "sales_daily_tenders_company_id_branch_id_day_cashier_id_method_pk" PRIMARY KEY("company_id","branch_id","day","cashier_id","method")
);
--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD COLUMN "code_digest" text;--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD COLUMN "change_xid" bigint;--> statement-breakpoint
CREATE INDEX "gift_vouchers_sync_idx" ON "gift_vouchers" USING btree ("company_id","change_xid");