-- Returns refunded as store credit before store credit was a balance: the customer of the sale gets the
-- credit they were told they had (the entries' trigger moves their balance). A sale without a customer has
-- no one to credit.
INSERT INTO "customer_credit_entries" ("company_id", "customer_id", "amount", "kind", "reference_id", "user_id", "created_at")
SELECT r."company_id", s."customer_id", r."refund_amount", 'return', r."id", r."processed_by", r."created_at"
FROM "returns" r
JOIN "sales" s ON s."company_id" = r."company_id" AND s."id" = r."original_sale_id"
WHERE r."refund_method" = 'store_credit' AND r."status" = 'completed' AND r."refund_amount" > 0
  AND s."customer_id" IS NOT NULL
ORDER BY r."created_at";
