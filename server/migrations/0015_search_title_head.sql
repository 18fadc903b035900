-- Written by hand: the ranking document products.search_title now weighs the head of the title (its first
-- words, which name what the product is: «Клей для…», «Нефритовый камень для клея») A and the rest B
-- (server/src/catalog/search/document.ts, titleExpression), so that a search ranks the glues before the
-- accessories that only mention glue (query.ts). The documents are written by the server: emptied here, they
-- are built again at the next start (indexProducts in app.ts), and the read model's copy follows its trigger.
UPDATE products SET search_title = NULL WHERE search_title IS NOT NULL;
