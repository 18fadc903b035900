-- Written by hand, as 0011: the live search's narrow copy of the search documents in the catalogue's read
-- model (catalog_product_keys, one row per product, kept by 0011's triggers). A search by relevance that
-- matches half the catalogue ranks every match; on products that visits 22 000 wide heap pages (the
-- documents with their descriptions, the descriptions themselves), here a third of that. The copy leaves
-- out the descriptions' '~' lexemes: a query that reaches into descriptions (catalog/search/query.ts) still
-- reads products.

ALTER TABLE catalog_product_keys
  ADD COLUMN search_main tsvector,
  ADD COLUMN search_title tsvector,
  ADD COLUMN is_hit boolean,
  ADD COLUMN sort_order integer;
CREATE INDEX catalog_product_keys_search ON catalog_product_keys USING gin (search_main);

DROP FUNCTION catalog_keys_of(integer[]);
CREATE FUNCTION catalog_keys_of(ids integer[])
RETURNS TABLE (product_id integer, category_ids integer[], keys text[], price integer,
  search_main tsvector, search_title tsvector, is_hit boolean, sort_order integer)
LANGUAGE sql STABLE AS $$
  SELECT p.id, coalesce(p.category_ids, '{}'),
    CASE WHEN p.active THEN ARRAY(
      SELECT DISTINCT k FROM (
        SELECT m || pk AS k
        FROM unnest(ARRAY['*']
            || CASE WHEN p.is_new THEN ARRAY['new'] ELSE '{}'::text[] END
            || CASE WHEN p.is_hit THEN ARRAY['hit'] ELSE '{}'::text[] END
            || CASE WHEN p.brand_id IS NOT NULL THEN ARRAY['b:' || p.brand_id] ELSE '{}'::text[] END) pk,
          unnest(CASE WHEN EXISTS (SELECT 1 FROM product_offers o
              WHERE o.product_id = p.id AND o.active AND o.stock > 0)
            THEN ARRAY['', '+'] ELSE ARRAY[''] END) m
        UNION ALL
        SELECT m || ok FROM product_offers o
          CROSS JOIN LATERAL unnest(ARRAY['p:' || coalesce(o.sale_price, o.base_price)] || ARRAY(
            SELECT 'a:' || a.key || '=' || a.value FROM jsonb_each_text(
              CASE WHEN jsonb_typeof(o.attributes) = 'object' THEN o.attributes ELSE '{}' END) a
            WHERE a.value IS NOT NULL)) ok
          CROSS JOIN LATERAL unnest(CASE WHEN o.stock > 0 THEN ARRAY['', '+'] ELSE ARRAY[''] END) m
        WHERE o.product_id = p.id AND o.active
      ) x WHERE k IS NOT NULL ORDER BY k) ELSE '{}' END,
    CASE WHEN p.active THEN (SELECT min(coalesce(o.sale_price, o.base_price)) FROM product_offers o
      WHERE o.product_id = p.id AND o.active) END,
    -- The document without the descriptions' '~' lexemes (weight D): a third of its size.
    CASE WHEN p.active THEN ts_filter(p.search_vector, '{a,b,c}') END,
    CASE WHEN p.active THEN p.search_title END,
    p.is_hit, p.sort_order
  FROM products p WHERE p.id = ANY(ids)
$$;

CREATE OR REPLACE FUNCTION catalog_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  -- Two transactions changing one product take turns here; the next statement then reads what the
  -- first committed (read committed: a new snapshot per statement), so no change is counted twice.
  PERFORM 1 FROM catalog_product_keys WHERE product_id = ANY(ids) ORDER BY product_id FOR UPDATE;
  WITH fresh AS (SELECT * FROM catalog_keys_of(ids)),
  old AS (SELECT * FROM catalog_product_keys WHERE product_id = ANY(ids)),
  diff AS (
    SELECT o.category_ids AS old_c, o.keys AS old_k, f.category_ids AS new_c, f.keys AS new_k
    FROM old o FULL JOIN fresh f ON f.product_id = o.product_id
    WHERE (o.category_ids, o.keys) IS DISTINCT FROM (f.category_ids, f.keys)
  ), deltas AS (
    SELECT old_c AS c, k, -1 AS n FROM diff, unnest(old_k) k WHERE old_c IS NOT NULL
    UNION ALL
    SELECT new_c, k, 1 FROM diff, unnest(new_k) k WHERE new_c IS NOT NULL
  ), appended AS (
    INSERT INTO catalog_key_deltas (category_ids, key, n)
    SELECT c, k, sum(n) FROM deltas GROUP BY c, k HAVING sum(n) <> 0
  ), gone AS (
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
  -- Folding the deltas into the totals locks the totals' rows till the commit: one writer at a time
  -- (the others skip it, their deltas wait for the next one), and only when there are many.
  IF (SELECT count(*) FROM (SELECT 1 FROM catalog_key_deltas LIMIT 501) d) > 500
      AND pg_try_advisory_xact_lock(72431011) THEN
    PERFORM catalog_fold();
  END IF;
END $$;

CREATE OR REPLACE FUNCTION catalog_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM catalog_refresh(ARRAY(SELECT id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM catalog_refresh(ARRAY(SELECT id FROM old_rows));
  ELSE
    -- Only what the read model keeps: a new description alone changes nothing here (its document does).
    PERFORM catalog_refresh(ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.active, n.is_new, n.is_hit, n.brand_id, n.category_ids, n.sort_order, n.search_vector,
          n.search_title)
        IS DISTINCT FROM (o.active, o.is_new, o.is_hit, o.brand_id, o.category_ids, o.sort_order,
          o.search_vector, o.search_title)));
  END IF;
  RETURN NULL;
END $$;

-- The products already there (their counts do not change).
SELECT catalog_refresh(ARRAY(SELECT id FROM products));
