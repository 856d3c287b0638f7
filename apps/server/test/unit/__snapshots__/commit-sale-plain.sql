-- $1 companyId
-- $2 branchId
-- $3 saleId
-- $4 cashierId
-- $5 paymentMethod
-- $6 subtotal
-- $7 discountType
-- $8 discountValue
-- $9 discountAmount
-- $10 taxRate
-- $11 taxAmount
-- $12 total
-- $13 amountPaid
-- $14 changeAmount
-- $15 idempotencyKey
-- $16 requestHash
-- $17 productIds
-- $18 productQuantities
-- $19 productPrices
-- $20 lineIds
-- $21 lineProductIds
-- $22 lineQuantities
-- $23 productCharged
-- $24 productTaxRates
-- $25 productTaxIncluded
-- $26 offline
-- $27 soldAt
-- $28 registerId
-- $29 receiptNumber
-- $30 shiftId
-- $31 flags
-- $32 takesCash
-- $33 serviceFee
with locked as (
  select p.id, w.quantity, w.price, w.charged, w.tax_rate, w.tax_included, coalesce(p.price, (select lv.price from variants lv where lv.company_id = p.company_id and lv.id = p.variant_id)) as listed
  from products p
  join unnest($17::uuid[], $18::numeric[], $19::numeric[],
              $23::numeric[], $24::numeric[], $25::boolean[])
    as w(id, quantity, price, charged, tax_rate, tax_included)
    on w.id = p.id
  where p.company_id = $1::uuid
  order by p.id
  for update of p
),
moved as (
  update products p
  set stock_quantity = p.stock_quantity - l.quantity, updated_at = now()
  from locked l
  where p.company_id = $1 and p.id = l.id and p.branch_id = $2
    and (p.deleted_at is null or $26::boolean)
    and ($26::boolean
         or (l.listed = l.price and p.tax_rate is not distinct from l.tax_rate and p.tax_included = l.tax_included
             and p.stock_quantity >= l.quantity))
  returning p.id, p.name, p.sku, p.unit, l.charged as price, l.quantity, p.stock_quantity as new_quantity,
    coalesce(l.tax_rate, $10::numeric) as tax_rate, l.tax_included, p.tax_class_id,
    array_remove(array[case when $26::boolean and p.stock_quantity < 0 then 'oversold' end,
                       case when $26::boolean and l.listed <> l.charged then 'price_differs' end,
                       case when $26::boolean and (p.tax_rate, p.tax_included) is distinct from
                                                            (l.tax_rate, l.tax_included) then 'tax_differs' end],
                 null) as flags
),
sellable as (
  select pos_sale_check((select count(*) from moved) = cardinality($17::uuid[]),
                        'pos_sale_check:stock') as ok
),
sale as (
  insert into sales (company_id, id, branch_id, receipt_number, cashier_id, customer_id, payment_method, status,
                     subtotal, discount_type, discount_value, discount_amount, tax_rate, tax_amount, service_fee,
                     total, amount_paid, change_amount, idempotency_key, request_hash,
                     sold_at, register_id, shift_id, offline, flags)
  select $1::uuid, $3::uuid, $2::uuid,
         coalesce($29::text, (select 'RCP-' || lpad(n::text, greatest(6, length(n::text)), '0')
                              from (select nextval(pos_receipt_sequence($2::uuid)) as n) as seq)),
         $4::uuid, null::uuid, $5::text, 'completed',
         $6::numeric, $7::text, $8::numeric, $9::numeric,
         $10::numeric, $11::numeric, $33::numeric, $12::numeric,
         $13::numeric,
         $14::numeric, $15::text, $16::text,
         coalesce($27::timestamptz, now()), $28::uuid, $30::uuid,
         $26::boolean,
         array_remove($31::text[] || (select coalesce(array_agg(distinct f order by f), '{}')
                                      from moved m, unnest(m.flags) as f where $26::boolean) || array[
           case when $27::timestamptz > now() + interval '5 minutes' then 'sold_at_future' end,
           case when $27::timestamptz < now() - make_interval(hours => b.offline_limit_hours) then 'sold_at_stale' end,
           case when $26::boolean and $33::numeric <> (case when f.provider = 'fbr' and f.service_fee then 1.00::numeric else 0 end)
                then 'service_fee_differs' end
         ], null)
  from sellable
  join branches b on b.company_id = $1::uuid and b.id = $2::uuid
  left join fiscal_settings f on f.company_id = b.company_id and f.branch_id = b.id
  where sellable.ok
    and pos_sale_check($26::boolean or $33::numeric = (case when f.provider = 'fbr' and f.service_fee then 1.00::numeric else 0 end),
                       'pos_sale_check:service_fee')
  on conflict do nothing
  returning id, receipt_number, created_at, sold_at, flags, shift_id
),
items as (
  insert into sale_items (company_id, id, sale_id, product_id, product_name, product_sku, quantity, unit, unit_price,
                          subtotal, tax_rate, tax_included, tax_class_id, flags)
  select $1::uuid, l.id, s.id, m.id, m.name, m.sku, l.quantity, m.unit, m.price,
         case when m.tax_included then round(round(m.price * l.quantity, 2) * 100 / (100 + m.tax_rate), 2)
              else round(m.price * l.quantity, 2) end,
         m.tax_rate, m.tax_included, m.tax_class_id, m.flags
  from sale s
  cross join unnest($20::uuid[], $21::uuid[], $22::numeric[])
    as l(id, product_id, quantity)
  join moved m on m.id = l.product_id
),
movements as (
  insert into stock_movements (company_id, branch_id, product_id, movement_type, direction, quantity,
                               previous_quantity, new_quantity, user_id, reference_type, reference_id)
  select $1::uuid, $2::uuid, m.id, 'sale', 'out', m.quantity, m.new_quantity + m.quantity, m.new_quantity, $4::uuid,
         'sale', s.id
  from sale s cross join moved m
)
select pos_sale_check(s.id is not null, 'pos_sale_check:exists') as ok,
       pos_sale_check(s.id is null or s.shift_id is not null or not $32::boolean or $26::boolean,
                      'pos_shift:required') as drawer,
       s.receipt_number, s.created_at, s.sold_at, s.flags, s.shift_id,
       false as account_over_limit, null::uuid as customer_id, null::text as customer_name,
       null::text as customer_phone,
       (select name from branches where company_id = $1 and id = $2) as branch_name,
       (select code from registers where company_id = $1 and id = $28::uuid) as register_code,
       (select json_agg(json_build_object('id', m.id, 'name', m.name, 'sku', m.sku, 'unit', m.unit, 'price', m.price::text,
                                          'taxRate', m.tax_rate::text, 'taxIncluded', m.tax_included,
                                          'taxClassId', m.tax_class_id, 'flags', m.flags))
        from moved m) as products
from (select 1) as one
left join sale s on true
