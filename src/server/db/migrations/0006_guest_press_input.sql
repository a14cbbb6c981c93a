-- The guest presses' statement (requests.repo.ts, decision 018) reads its presses through this function instead of
-- unnest() directly. Planned generically, unnest of a parameter array is estimated at 10 rows, so PostgreSQL judged
-- the prepared statement's generic plan dearer than a fresh plan for one press and planned it anew on every call
-- (0.65 ms of PostgreSQL CPU per lone press instead of 0.4). A STRICT SQL function is not inlined, so its ROWS 1
-- estimate holds and the generic plan is kept. The real batch size (1-64) does not change the plan: an index lookup
-- per press.
CREATE FUNCTION guest_press_input(text[], text[], text[], text[], bigint[], bigint[], text[])
  RETURNS TABLE (id text, restaurant_id text, table_id text, type text, now bigint, threshold bigint, payload text)
  LANGUAGE sql IMMUTABLE STRICT ROWS 1
  AS $$ SELECT * FROM unnest($1, $2, $3, $4, $5, $6, $7) $$;
