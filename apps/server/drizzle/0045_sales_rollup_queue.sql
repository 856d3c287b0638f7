CREATE TABLE "sales_rollup_queue" (
	"company_id" uuid NOT NULL,
	"sale_id" uuid NOT NULL,
	CONSTRAINT "sales_rollup_queue_company_id_sale_id_pk" PRIMARY KEY("company_id","sale_id")
);
