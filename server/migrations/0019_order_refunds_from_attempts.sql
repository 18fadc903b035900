-- The refunds made before order_refunds existed were kept on their payment attempts only: each becomes one
-- refund row, so that an order's refunded sum is read from one place (server/src/payments/refunds.ts).
INSERT INTO "order_refunds" ("order_id", "method", "status", "amount", "receipt", "payment_attempt_id",
                             "provider_refund_id", "note", "created_at", "updated_at")
SELECT a."order_id", 'provider', coalesce(a."refund_status", 'succeeded'), a."refunded_amount", 'manual', a."id",
       a."refund_id", 'Возврат, сделанный до учёта возвратов', a."updated_at", a."updated_at"
FROM "payment_attempts" a
WHERE a."refunded_amount" > 0;
