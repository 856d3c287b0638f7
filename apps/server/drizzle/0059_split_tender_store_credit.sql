CREATE TABLE "customer_credit_entries" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"kind" text NOT NULL,
	"reference_id" uuid,
	"note" text,
	"user_id" uuid,
	"offline" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_credit_entries_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "customer_credit_entries_amount_nonzero" CHECK ("customer_credit_entries"."amount" <> 0),
	CONSTRAINT "customer_credit_entries_kind" CHECK ("customer_credit_entries"."kind" in ('return', 'adjustment', 'sale'))
);
--> statement-breakpoint
CREATE TABLE "sale_tenders" (
	"company_id" uuid NOT NULL,
	"sale_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "sale_tenders_company_id_sale_id_method_pk" PRIMARY KEY("company_id","sale_id","method"),
	CONSTRAINT "sale_tenders_amount_positive" CHECK ("sale_tenders"."amount" > 0),
	CONSTRAINT "sale_tenders_method" CHECK ("sale_tenders"."method" in ('cash', 'card', 'store_credit'))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "credit_balance" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_credit_entries" ADD CONSTRAINT "customer_credit_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_credit_entries" ADD CONSTRAINT "customer_credit_entries_company_id_customer_id_customers_company_id_id_fk" FOREIGN KEY ("company_id","customer_id") REFERENCES "public"."customers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_tenders" ADD CONSTRAINT "sale_tenders_company_id_sale_id_sales_company_id_id_fk" FOREIGN KEY ("company_id","sale_id") REFERENCES "public"."sales"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_credit_entries_customer_idx" ON "customer_credit_entries" USING btree ("company_id","customer_id","created_at","id");--> statement-breakpoint
CREATE VIEW "public"."sale_tender_lines" AS (select company_id, sale_id, method, amount from sale_tenders
      union all
      select company_id, id, payment_method, total from sales where payment_method <> 'mixed' and total > 0);