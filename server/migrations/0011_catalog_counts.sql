-- Written by hand (codegen has no vocabulary for triggers): the catalogue's read model for filter counts
-- and listing totals (server/src/catalog/catalog-counts.ts). Counting the offers of a category at every
-- request grows with the catalogue (1.7–1.9 s at 100 000 products); counting keys kept per category set
-- does not.
--
-- catalog_product_keys: one row per product (an inactive one has no keys), what it is counted as:
--   '*' (any product), 'new', 'hit', 'b:<brand id>', and for each active offer 'a:<directory code>=<entry
--   code>' and 'p:<stored price in kopecks>'; each once more with a leading '+' when it holds for an offer in
--   stock (the "В наличии" filter): '+*' is a product with an active offer in stock, '+a:curl=D' one with
--   an active offer of curl D in stock. `price` is its cheapest active offer's stored price (price sorts).
-- catalog_key_totals + catalog_key_deltas: how many products of each set of categories have each key.
--   Writers only append deltas (no row two writers wait for); a writer folds them into the totals when
--   there are many, unless another one is doing it. A count is the totals plus the deltas.
-- Statement triggers on products and product_offers keep both current for every writer: the CRUD layer, the
-- CSV import, bulk offers, orders taking stock, the seed, hand-written SQL.

CREATE TABLE catalog_product_keys (
  product_id integer PRIMARY KEY,
  category_ids integer[] NOT NULL,
  keys text[] NOT NULL,
  price integer
);
-- The price sorts walk these in order, skipping other categories' products in the index itself.
CREATE INDEX catalog_product_keys_price_asc ON catalog_product_keys (price ASC NULLS LAST, product_id DESC)
  INCLUDE (category_ids);
CREATE INDEX catalog_product_keys_price_desc ON catalog_product_keys (price DESC NULLS LAST, product_id DESC)
  INCLUDE (category_ids);

CREATE TABLE catalog_key_totals (
  category_ids integer[] NOT NULL,
  key text NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (category_ids, key)
);
CREATE TABLE catalog_key_deltas (
  id bigserial PRIMARY KEY,
  category_ids integer[] NOT NULL,
  key text NOT NULL,
  n integer NOT NULL
);

-- The listing's orders (catalog-routes.ts SORTS) read an index and stop after the page.
CREATE INDEX products_listing_popular ON products (is_hit DESC, sort_order ASC, id DESC) WHERE active;
CREATE INDEX products_listing_new ON products (created_at DESC, id DESC) WHERE active;

-- What the products `ids` are counted as now (a missing product has no row).
CREATE FUNCTION catalog_keys_of(ids integer[])
RETURNS TABLE (product_id integer, category_ids integer[], keys text[], price integer)
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
      WHERE o.product_id = p.id AND o.active) END
  FROM products p WHERE p.id = ANY(ids)
$$;

-- Brings the rows of `ids` up to date and appends the difference to the counts.
CREATE FUNCTION catalog_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
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
  INSERT INTO catalog_product_keys (product_id, category_ids, keys, price)
  SELECT product_id, category_ids, keys, price FROM fresh
  ON CONFLICT (product_id) DO UPDATE
    SET category_ids = excluded.category_ids, keys = excluded.keys, price = excluded.price
    WHERE (catalog_product_keys.category_ids, catalog_product_keys.keys, catalog_product_keys.price)
      IS DISTINCT FROM (excluded.category_ids, excluded.keys, excluded.price);
  -- Folding the deltas into the totals locks the totals' rows till the commit: one writer at a time
  -- (the others skip it, their deltas wait for the next one), and only when there are many.
  IF (SELECT count(*) FROM (SELECT 1 FROM catalog_key_deltas LIMIT 501) d) > 500
      AND pg_try_advisory_xact_lock(72431011) THEN
    PERFORM catalog_fold();
  END IF;
END $$;

CREATE FUNCTION catalog_fold() RETURNS void LANGUAGE sql AS $$
  WITH moved AS (DELETE FROM catalog_key_deltas RETURNING category_ids, key, n),
  summed AS (SELECT category_ids, key, sum(n)::int AS n FROM moved GROUP BY 1, 2)
  INSERT INTO catalog_key_totals AS t (category_ids, key, n)
  SELECT category_ids, key, n FROM summed
  ON CONFLICT (category_ids, key) DO UPDATE SET n = t.n + excluded.n;
  DELETE FROM catalog_key_totals WHERE n = 0;
$$;

CREATE FUNCTION catalog_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM catalog_refresh(ARRAY(SELECT id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM catalog_refresh(ARRAY(SELECT id FROM old_rows));
  ELSE
    -- Only what the counts read: a new title or search document changes nothing here.
    PERFORM catalog_refresh(ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.active, n.is_new, n.is_hit, n.brand_id, n.category_ids)
        IS DISTINCT FROM (o.active, o.is_new, o.is_hit, o.brand_id, o.category_ids)));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION catalog_offers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM catalog_refresh(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM catalog_refresh(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  ELSE
    -- Stock matters only when it crosses zero: an order taking 2 of 10 leaves the counts alone.
    PERFORM catalog_refresh(ARRAY(
      SELECT DISTINCT x FROM new_rows n JOIN old_rows o ON o.id = n.id,
        unnest(ARRAY[n.product_id, o.product_id]) x
      WHERE (n.product_id, n.active, n.attributes, n.base_price, n.sale_price, n.stock > 0)
        IS DISTINCT FROM (o.product_id, o.active, o.attributes, o.base_price, o.sale_price, o.stock > 0)));
  END IF;
  RETURN NULL;
END $$;

-- Transition tables allow one event per trigger.
CREATE TRIGGER catalog_products_inserted AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_changed();
CREATE TRIGGER catalog_products_updated AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_changed();
CREATE TRIGGER catalog_products_deleted AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_changed();
CREATE TRIGGER catalog_offers_inserted AFTER INSERT ON product_offers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_offers_changed();
CREATE TRIGGER catalog_offers_updated AFTER UPDATE ON product_offers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_offers_changed();
CREATE TRIGGER catalog_offers_deleted AFTER DELETE ON product_offers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_offers_changed();

-- A product emptied by TRUNCATE takes its counts with it.
CREATE FUNCTION catalog_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    DELETE FROM catalog_product_keys;
    DELETE FROM catalog_key_totals;
    DELETE FROM catalog_key_deltas;
  ELSE
    PERFORM catalog_refresh(ARRAY(SELECT product_id FROM catalog_product_keys));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER catalog_products_truncated AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_truncated();
CREATE TRIGGER catalog_offers_truncated AFTER TRUNCATE ON product_offers
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_truncated();

-- The products already there.
SELECT catalog_refresh(ARRAY(SELECT id FROM products));
SELECT catalog_fold();
