DROP INDEX "tax_classes_company_name_uq";--> statement-breakpoint
ALTER TABLE "tax_classes" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_classes_company_name_uq" ON "tax_classes" USING btree ("company_id",lower("name")) WHERE "tax_classes"."archived_at" is null;