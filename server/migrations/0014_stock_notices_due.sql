-- Written by hand (codegen has no vocabulary for triggers or partial unique indexes): «Сообщить о
-- поступлении» (server/src/catalog/stock-notices.ts).
--
-- Why a trigger: an offer's stock is written by many paths — the admin's product form (the CRUD layer), the
-- CSV import, bulk offers, a cancelled order or an edit of its lines returning pieces, the seed, hand-written
-- SQL. A check in each of them would be skipped by the next one written; a row trigger on product_offers
-- sees every one. It only marks the waiting requests of the offer 'due' in the writer's own transaction (so
-- a rolled-back import marks nothing); the letters are rendered and queued by the outbox worker
-- (sendDueStockNotices), which marks each request 'sent' with notified_at in the same transaction as its
-- letter. A request is marked due once: a second rise finds no waiting request, so sends nothing.
CREATE FUNCTION stock_notices_offer_restocked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stock_notices SET status = 'due' WHERE offer_id = NEW.id AND status = 'waiting';
  RETURN NULL;
END
$$;

CREATE TRIGGER stock_notices_offer_restocked AFTER UPDATE OF stock ON product_offers
  FOR EACH ROW WHEN (OLD.stock <= 0 AND NEW.stock > 0)
  EXECUTE FUNCTION stock_notices_offer_restocked();

-- One open request per offer and contact: a second identical request while one waits adds nothing
-- (INSERT … ON CONFLICT DO NOTHING), two sent at the same moment included.
CREATE UNIQUE INDEX stock_notices_open_email ON stock_notices (offer_id, lower(email))
  WHERE status IN ('waiting', 'due') AND email IS NOT NULL;
CREATE UNIQUE INDEX stock_notices_open_phone ON stock_notices (offer_id, phone)
  WHERE status IN ('waiting', 'due') AND email IS NULL AND phone IS NOT NULL;

-- The worker's look for due requests reads only them.
CREATE INDEX stock_notices_due ON stock_notices (id) WHERE status = 'due';
