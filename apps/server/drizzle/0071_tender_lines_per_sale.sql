DROP VIEW "public"."sale_tender_lines";--> statement-breakpoint
CREATE VIEW "public"."sale_tender_lines" AS (select s.company_id, s.id as sale_id, t.method, t.amount
      from sales s
      cross join lateral (
        select st.method, st.amount from sale_tenders st
        where s.payment_method = 'mixed' and st.company_id = s.company_id and st.sale_id = s.id
        union all
        select s.payment_method, s.total where s.payment_method <> 'mixed' and s.total > 0
      ) t);