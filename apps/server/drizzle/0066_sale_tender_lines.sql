CREATE VIEW "public"."sale_tender_lines" AS (select company_id, sale_id, method, amount from sale_tenders
      union all
      select company_id, id, payment_method, total from sales where payment_method <> 'mixed' and total > 0);--> statement-breakpoint
-- A sale of one tender keeps no tender row (its line is the sale itself, in the view above).
DELETE FROM "sale_tenders" t USING "sales" s
WHERE s."company_id" = t."company_id" AND s."id" = t."sale_id" AND s."payment_method" <> 'mixed';
