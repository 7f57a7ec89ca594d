-- The change feed's row data builders (migration 0021) become PL/pgSQL functions: a SQL function
-- with a FROM clause is not inlined, and its per-call start cost 36 % of building an activity's
-- data (15,000 activities: 237 ms as SQL, 151 ms as PL/pgSQL, the same jsonb). Building the data
-- was two thirds of a back-fill's commit. Same contract as before: a later migration that changes
-- the columns of a watched table runs `SELECT change_feed_generate();` after it.
CREATE OR REPLACE FUNCTION change_feed_generate() RETURNS void LANGUAGE plpgsql AS $g$
DECLARE
  t text;
  parts text[];
  dispatch text := '';
BEGIN
  FOREACH t IN ARRAY ARRAY['orders', 'holdings', 'activities', 'offers', 'collection_stats',
      'launchpad_counters', 'launchpad_sales', 'token_metadata']
  LOOP
    -- jsonb_build_object takes at most 100 arguments: 40 fields per call, joined by ||.
    SELECT array_agg(format('jsonb_build_object(%s)', pairs) ORDER BY grp) INTO parts
    FROM (
      SELECT (n - 1) / 40 AS grp, string_agg(format('%L, %s', change_feed_camel(attname),
          CASE WHEN numeric THEN format('r.%I::text', attname) ELSE format('r.%I', attname) END),
        ', ' ORDER BY n) AS pairs
      FROM (
        SELECT a.attname, a.atttypid = 'numeric'::regtype AS numeric,
          row_number() OVER (ORDER BY a.attnum) AS n
        FROM pg_attribute a
        WHERE a.attrelid = t::regclass AND a.attnum > 0 AND NOT a.attisdropped) cols
      GROUP BY grp) g;
    -- The row is parsed once, into r (a null text gives a row of nulls, as before).
    EXECUTE format(
      'CREATE OR REPLACE FUNCTION change_feed_data_%1$s(t text) RETURNS jsonb LANGUAGE plpgsql STABLE AS $b$ DECLARE r %1$I := t::%1$I; BEGIN RETURN %2$s; END $b$',
      t, array_to_string(parts, ' || '));
    dispatch := dispatch || format(' WHEN %1$L THEN change_feed_data_%1$s(t)', t);
  END LOOP;
  EXECUTE format(
    'CREATE OR REPLACE FUNCTION change_feed_data(tbl text, t text) RETURNS jsonb LANGUAGE sql STABLE AS $b$ SELECT CASE tbl%s END $b$',
    dispatch);
END $g$;
--> statement-breakpoint
SELECT change_feed_generate();
