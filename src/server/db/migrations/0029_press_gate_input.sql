-- The press gate's read (pranks.repo.ts, decisions 088, 089) now checks every press that arrived while the last read
-- ran in one statement, like the presses themselves (0006): this function hands it the presses. STRICT and ROWS 1 for
-- the reason 0006 gives (planned generically, unnest of a parameter array is estimated at 10 rows, and PostgreSQL then
-- planned the prepared statement anew on every call). `n` is each press's place in the batch.
CREATE FUNCTION press_gate_input(text[], text[], text[], text[], text[], bigint[], boolean[])
  RETURNS TABLE (restaurant_id text, code text, device_id text, address text, press_key text, now bigint,
    count_presses boolean, n bigint)
  LANGUAGE sql IMMUTABLE STRICT ROWS 1
  AS $$ SELECT * FROM unnest($1, $2, $3, $4, $5, $6, $7) WITH ORDINALITY $$;
