-- A statement that writes several tables at once (server/src/platform/db/together.ts) fails as a whole when a
-- write of it did not change the rows it had to (the cart changed meanwhile, an offer short of stock): this
-- raises the error that undoes it, named by the write. VOLATILE (the default), so the planner never runs it
-- ahead of the condition that calls it.
CREATE FUNCTION shop_refuse_write(write_name text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'write refused: %', write_name USING ERRCODE = 'P0001', HINT = write_name;
END $$;
