CREATE TABLE "sale_tenders" (
	"company_id" uuid NOT NULL,
	"sale_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "sale_tenders_company_id_sale_id_method_pk" PRIMARY KEY("company_id","sale_id","method"),
	CONSTRAINT "sale_tenders_amount_positive" CHECK ("sale_tenders"."amount" > 0),
	CONSTRAINT "sale_tenders_method" CHECK ("sale_tenders"."method" in ('cash', 'card'))
);
--> statement-breakpoint
ALTER TABLE "sale_tenders" ADD CONSTRAINT "sale_tenders_company_id_sale_id_sales_company_id_id_fk" FOREIGN KEY ("company_id","sale_id") REFERENCES "public"."sales"("company_id","id") ON DELETE cascade ON UPDATE no action;
