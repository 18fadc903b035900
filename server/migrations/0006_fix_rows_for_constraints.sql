-- Written by hand, not generated: the next migration adds constraints that rows saved before it could
-- break, because nothing refused them then. Fixed here the way the application itself would have.

-- A percent discount above 100 % (the generic admin form accepted one; the coupon series never did) is
-- a full discount.
UPDATE "coupons" SET "value" = 100 WHERE "type" = 'percent' AND "value" > 100;

UPDATE "cart_rules" SET "discount_value" = 100 WHERE "discount_type" = 'percent' AND "discount_value" > 100;

-- Issuing a link deletes the earlier unused ones of the same purpose; two requests at the same moment
-- could both have inserted. The newest is the one whose letter went last; the others stop working.
DELETE FROM "user_tokens" AS t
WHERE t."used_at" IS NULL
  AND EXISTS (
    SELECT 1 FROM "user_tokens" AS n
    WHERE n."user_id" = t."user_id" AND n."purpose" = t."purpose" AND n."used_at" IS NULL AND n."id" > t."id"
  );
