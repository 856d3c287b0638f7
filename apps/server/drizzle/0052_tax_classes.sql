CREATE TABLE "tax_classes" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"rate" numeric(5, 2) NOT NULL,
	"pct_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_classes_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "tax_classes_kind_check" CHECK ("tax_classes"."kind" in ('standard', 'reduced', 'zero_rated', 'exempt')),
	CONSTRAINT "tax_classes_rate_check" CHECK ("tax_classes"."rate" >= 0 and "tax_classes"."rate" <= 100 and ("tax_classes"."kind" in ('standard', 'reduced')) = ("tax_classes"."rate" > 0))
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "tax_class_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_class_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_rate" numeric(5, 2);--> statement-breakpoint
-- Lines sold before tax classes were taxed at their sale's rate.
ALTER TABLE "sale_items" ADD COLUMN "tax_rate" numeric(5, 2);--> statement-breakpoint
UPDATE "sale_items" si SET "tax_rate" = s."tax_rate"
  FROM "sales" s
 WHERE s."company_id" = si."company_id" AND s."id" = si."sale_id";--> statement-breakpoint
ALTER TABLE "sale_items" ALTER COLUMN "tax_rate" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "tax_class_id" uuid;--> statement-breakpoint
ALTER TABLE "tax_classes" ADD CONSTRAINT "tax_classes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_classes_company_name_uq" ON "tax_classes" USING btree ("company_id",lower("name"));--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_company_id_tax_class_id_tax_classes_company_id_id_fk" FOREIGN KEY ("company_id","tax_class_id") REFERENCES "public"."tax_classes"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "items_tax_class_idx" ON "items" USING btree ("company_id","tax_class_id") WHERE "items"."tax_class_id" is not null;