CREATE TABLE "customer_account_entries" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"kind" text NOT NULL,
	"method" text,
	"reference_id" uuid,
	"shift_id" uuid,
	"note" text,
	"user_id" uuid,
	"approved_by" uuid,
	"offline" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_account_entries_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "customer_account_entries_amount_nonzero" CHECK ("customer_account_entries"."amount" <> 0),
	CONSTRAINT "customer_account_entries_kind" CHECK ("customer_account_entries"."kind" in ('sale', 'payment', 'return')),
	CONSTRAINT "customer_account_entries_method" CHECK (("customer_account_entries"."kind" = 'payment') = ("customer_account_entries"."method" is not null) and ("customer_account_entries"."method" is null or "customer_account_entries"."method" in ('cash', 'card'))),
	CONSTRAINT "customer_account_entries_sign" CHECK (("customer_account_entries"."kind" = 'sale') = ("customer_account_entries"."amount" > 0))
);
--> statement-breakpoint
ALTER TABLE "return_refunds" DROP CONSTRAINT "return_refunds_method";--> statement-breakpoint
ALTER TABLE "sale_tenders" DROP CONSTRAINT "sale_tenders_method";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "account_balance" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "credit_limit" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_account_entries" ADD CONSTRAINT "customer_account_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_account_entries" ADD CONSTRAINT "customer_account_entries_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_account_entries" ADD CONSTRAINT "customer_account_entries_company_id_customer_id_customers_company_id_id_fk" FOREIGN KEY ("company_id","customer_id") REFERENCES "public"."customers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_account_entries" ADD CONSTRAINT "customer_account_entries_company_id_branch_id_branches_company_id_id_fk" FOREIGN KEY ("company_id","branch_id") REFERENCES "public"."branches"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_account_entries_customer_idx" ON "customer_account_entries" USING btree ("company_id","customer_id","created_at","id");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_credit_limit" CHECK ("customers"."credit_limit" >= 0);--> statement-breakpoint
ALTER TABLE "return_refunds" ADD CONSTRAINT "return_refunds_method" CHECK ("return_refunds"."method" in ('cash', 'card_refund', 'store_credit', 'account', 'exchange'));--> statement-breakpoint
ALTER TABLE "sale_tenders" ADD CONSTRAINT "sale_tenders_method" CHECK ("sale_tenders"."method" in ('cash', 'card', 'store_credit', 'account', 'exchange'));