-- Written by hand, as 0011: the catalogue's read model moves into each process's memory
-- (server/src/domains/catalog/read-model). catalog_refresh, which every write to products and offers already
-- reaches through 0011's triggers with the ids of the products whose filtering facts changed, now tells the
-- processes which products to read again: a NOTIFY on shop_catalog, delivered once the transaction commits
-- (none for a rollback), with the ids, or '*' when they would not fit in a notification (8 000 bytes).
-- The per-category counts (catalog_key_totals, catalog_key_deltas) are counted in memory now: dropped, with
-- their folding. catalog_product_keys stays: the search's narrow documents and the price orders of a search.

DROP FUNCTION catalog_fold();
DROP TABLE catalog_key_totals;
DROP TABLE catalog_key_deltas;

CREATE OR REPLACE FUNCTION catalog_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  listed text;
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  listed := array_to_string(ids, ',');
  PERFORM pg_notify('shop_catalog', CASE WHEN length(listed) < 7900 THEN listed ELSE '*' END);
  -- Two transactions changing one product take turns here; the next statement then reads what the
  -- first committed (read committed: a new snapshot per statement), so the later one writes last.
  PERFORM 1 FROM catalog_product_keys WHERE product_id = ANY(ids) ORDER BY product_id FOR UPDATE;
  WITH fresh AS (SELECT * FROM catalog_keys_of(ids)),
  gone AS (
    DELETE FROM catalog_product_keys c WHERE c.product_id = ANY(ids)
      AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.product_id = c.product_id)
  )
  INSERT INTO catalog_product_keys AS c
    (product_id, category_ids, keys, price, search_main, search_title, is_hit, sort_order)
  SELECT * FROM fresh
  ON CONFLICT (product_id) DO UPDATE
    SET category_ids = excluded.category_ids, keys = excluded.keys, price = excluded.price,
      search_main = excluded.search_main, search_title = excluded.search_title,
      is_hit = excluded.is_hit, sort_order = excluded.sort_order
    WHERE (c.category_ids, c.keys, c.price, c.search_main, c.search_title, c.is_hit, c.sort_order)
      IS DISTINCT FROM (excluded.category_ids, excluded.keys, excluded.price, excluded.search_main,
        excluded.search_title, excluded.is_hit, excluded.sort_order);
END $$;

CREATE OR REPLACE FUNCTION catalog_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    DELETE FROM catalog_product_keys;
    PERFORM pg_notify('shop_catalog', '*');
  ELSE
    PERFORM catalog_refresh(ARRAY(SELECT product_id FROM catalog_product_keys));
  END IF;
  RETURN NULL;
END $$;
