-- The guest presses' statement (requests.repo.ts, decisions 018 and 056) reads each press's idempotency key too. A new
-- overload of guest_press_input (0006) with the keys as an eighth array, STRICT and ROWS 1 like the first, for the same
-- reason (a kept generic plan). The seven-array version stays for an instance of the previous release still running
-- beside this one during a rolling update; nothing of this release calls it.
CREATE FUNCTION guest_press_input(text[], text[], text[], text[], bigint[], bigint[], text[], text[])
  RETURNS TABLE (id text, restaurant_id text, table_id text, type text, now bigint, threshold bigint, payload text,
    press_key text)
  LANGUAGE sql IMMUTABLE STRICT ROWS 1
  AS $$ SELECT * FROM unnest($1, $2, $3, $4, $5, $6, $7, $8) $$;
