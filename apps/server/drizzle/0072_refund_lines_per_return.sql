DROP VIEW "public"."return_refund_lines";--> statement-breakpoint
CREATE VIEW "public"."return_refund_lines" AS (select r.company_id, r.id as return_id, l.method, l.amount
      from returns r
      cross join lateral (
        select x.method, x.amount from return_refunds x where x.company_id = r.company_id and x.return_id = r.id
        union all
        select r.refund_method, r.refund_amount
        where r.refund_amount > 0
          and not exists (select 1 from return_refunds x where x.company_id = r.company_id and x.return_id = r.id)
      ) l);