CREATE TABLE "gift_voucher_entries" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"voucher_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"kind" text NOT NULL,
	"reference_id" uuid,
	"user_id" uuid,
	"offline" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_voucher_entries_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "gift_voucher_entries_kind" CHECK ("gift_voucher_entries"."kind" in ('issue', 'redeem', 'refund')),
	CONSTRAINT "gift_voucher_entries_sign" CHECK (("gift_voucher_entries"."kind" = 'redeem') = ("gift_voucher_entries"."amount" < 0) and "gift_voucher_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "gift_vouchers" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"branch_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"balance" numeric(14, 2) DEFAULT '0' NOT NULL,
	"expires_on" date,
	"method" text NOT NULL,
	"shift_id" uuid,
	"movement_id" uuid,
	"sold_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_vouchers_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "gift_vouchers_amount_positive" CHECK ("gift_vouchers"."amount" > 0),
	CONSTRAINT "gift_vouchers_method" CHECK ("gift_vouchers"."method" in ('cash', 'card'))
);
--> statement-breakpoint
ALTER TABLE "return_refunds" DROP CONSTRAINT "return_refunds_method";--> statement-breakpoint
ALTER TABLE "sale_tenders" DROP CONSTRAINT "sale_tenders_method";--> statement-breakpoint
ALTER TABLE "gift_voucher_entries" ADD CONSTRAINT "gift_voucher_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_voucher_entries" ADD CONSTRAINT "gift_voucher_entries_company_id_voucher_id_gift_vouchers_company_id_id_fk" FOREIGN KEY ("company_id","voucher_id") REFERENCES "public"."gift_vouchers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD CONSTRAINT "gift_vouchers_sold_by_users_id_fk" FOREIGN KEY ("sold_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD CONSTRAINT "gift_vouchers_company_id_branch_id_branches_company_id_id_fk" FOREIGN KEY ("company_id","branch_id") REFERENCES "public"."branches"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_voucher_entries_voucher_idx" ON "gift_voucher_entries" USING btree ("company_id","voucher_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_voucher_entries_reference_idx" ON "gift_voucher_entries" USING btree ("company_id","reference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_vouchers_code_uq" ON "gift_vouchers" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "gift_vouchers_branch_idx" ON "gift_vouchers" USING btree ("company_id","branch_id","created_at","id");--> statement-breakpoint
ALTER TABLE "return_refunds" ADD CONSTRAINT "return_refunds_method" CHECK ("return_refunds"."method" in ('cash', 'card_refund', 'store_credit', 'account', 'voucher', 'exchange'));--> statement-breakpoint
ALTER TABLE "sale_tenders" ADD CONSTRAINT "sale_tenders_method" CHECK ("sale_tenders"."method" in ('cash', 'card', 'store_credit', 'account', 'voucher', 'exchange'));