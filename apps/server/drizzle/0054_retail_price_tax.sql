ALTER TABLE "tax_classes" DROP CONSTRAINT "tax_classes_kind_check";--> statement-breakpoint
ALTER TABLE "tax_classes" DROP CONSTRAINT "tax_classes_rate_check";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_included" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "tax_included" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_classes" ADD CONSTRAINT "tax_classes_kind_check" CHECK ("tax_classes"."kind" in ('standard', 'reduced', 'zero_rated', 'exempt', 'retail_price'));--> statement-breakpoint
ALTER TABLE "tax_classes" ADD CONSTRAINT "tax_classes_rate_check" CHECK ("tax_classes"."rate" >= 0 and "tax_classes"."rate" <= 100 and ("tax_classes"."kind" in ('standard', 'reduced', 'retail_price')) = ("tax_classes"."rate" > 0));