CREATE TABLE "exchanges" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"branch_id" uuid NOT NULL,
	"return_id" uuid NOT NULL,
	"sale_id" uuid NOT NULL,
	"credit" numeric(14, 2) NOT NULL,
	"applied" numeric(14, 2) NOT NULL,
	"back" numeric(14, 2) NOT NULL,
	"back_method" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchanges_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "exchanges_amounts" CHECK ("exchanges"."applied" >= 0 and "exchanges"."back" >= 0 and "exchanges"."applied" + "exchanges"."back" = "exchanges"."credit"),
	CONSTRAINT "exchanges_back_method" CHECK (("exchanges"."back" = 0) = ("exchanges"."back_method" is null))
);
--> statement-breakpoint
CREATE TABLE "return_refunds" (
	"company_id" uuid NOT NULL,
	"return_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "return_refunds_company_id_return_id_method_pk" PRIMARY KEY("company_id","return_id","method"),
	CONSTRAINT "return_refunds_amount_positive" CHECK ("return_refunds"."amount" > 0),
	CONSTRAINT "return_refunds_method" CHECK ("return_refunds"."method" in ('cash', 'card_refund', 'store_credit', 'exchange'))
);
--> statement-breakpoint
ALTER TABLE "sale_tenders" DROP CONSTRAINT "sale_tenders_method";--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_company_id_branch_id_branches_company_id_id_fk" FOREIGN KEY ("company_id","branch_id") REFERENCES "public"."branches"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_company_id_return_id_returns_company_id_id_fk" FOREIGN KEY ("company_id","return_id") REFERENCES "public"."returns"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_company_id_sale_id_sales_company_id_id_fk" FOREIGN KEY ("company_id","sale_id") REFERENCES "public"."sales"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_refunds" ADD CONSTRAINT "return_refunds_company_id_return_id_returns_company_id_id_fk" FOREIGN KEY ("company_id","return_id") REFERENCES "public"."returns"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchanges_return_uq" ON "exchanges" USING btree ("company_id","return_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchanges_sale_uq" ON "exchanges" USING btree ("company_id","sale_id");--> statement-breakpoint
ALTER TABLE "sale_tenders" ADD CONSTRAINT "sale_tenders_method" CHECK ("sale_tenders"."method" in ('cash', 'card', 'store_credit', 'exchange'));--> statement-breakpoint
CREATE VIEW "public"."return_refund_lines" AS (select company_id, return_id, method, amount from return_refunds
      union all
      select r.company_id, r.id, r.refund_method, r.refund_amount
      from returns r
      where r.refund_amount > 0
        and not exists (select 1 from return_refunds x where x.company_id = r.company_id and x.return_id = r.id));