-- The change feed's flush, rewritten (issue 20):
--   1. its row data is built by one generated function per watched table (a back-fill's flush
--      turned tens of thousands of rows into jsonb, then into camelCase through jsonb_each and
--      jsonb_object_agg per row: half the cost of its commit). Same data as before: camelCase
--      fields, numeric columns (uint256, coin amounts) as decimal strings;
--   2. it reads the staged rows by their txid index only, and is never JIT-compiled (see below).
--
-- The builders are generated from the tables' columns: a later migration that changes the
-- columns of a watched table must run `SELECT change_feed_generate();` after it (a server test
-- compares each builder's fields with its table's columns).
CREATE FUNCTION change_feed_generate() RETURNS void LANGUAGE plpgsql AS $g$
DECLARE
  t text;
  parts text[];
  dispatch text := '';
BEGIN
  FOREACH t IN ARRAY ARRAY['orders', 'holdings', 'activities', 'offers', 'collection_stats',
      'launchpad_counters', 'launchpad_sales', 'token_metadata']
  LOOP
    -- jsonb_build_object takes at most 100 arguments: 40 fields per call, joined by ||. The row
    -- is parsed once (OFFSET 0 keeps the cast from being repeated in every field).
    SELECT array_agg(format('jsonb_build_object(%s)', pairs) ORDER BY grp) INTO parts
    FROM (
      SELECT (n - 1) / 40 AS grp, string_agg(format('%L, %s', change_feed_camel(attname),
          CASE WHEN numeric THEN format('(s.r).%I::text', attname) ELSE format('(s.r).%I', attname) END),
        ', ' ORDER BY n) AS pairs
      FROM (
        SELECT a.attname, a.atttypid = 'numeric'::regtype AS numeric,
          row_number() OVER (ORDER BY a.attnum) AS n
        FROM pg_attribute a
        WHERE a.attrelid = t::regclass AND a.attnum > 0 AND NOT a.attisdropped) cols
      GROUP BY grp) g;
    EXECUTE format(
      'CREATE OR REPLACE FUNCTION change_feed_data_%1$s(t text) RETURNS jsonb LANGUAGE sql STABLE AS $b$ SELECT %2$s FROM (SELECT t::%1$I AS r OFFSET 0) s $b$',
      t, array_to_string(parts, ' || '));
    dispatch := dispatch || format(' WHEN %1$L THEN change_feed_data_%1$s(t)', t);
  END LOOP;
  EXECUTE format(
    'CREATE OR REPLACE FUNCTION change_feed_data(tbl text, t text) RETURNS jsonb LANGUAGE sql STABLE AS $b$ SELECT CASE tbl%s END $b$',
    dispatch);
END $g$;
--> statement-breakpoint
SELECT change_feed_generate();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION change_feed_flush() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  v_tx bigint := NEW.txid;
  -- The indexer's block (set_config('aiamarket.feed_block', …, true)); null for API writes.
  v_block bigint := nullif(current_setting('aiamarket.feed_block', true), '')::bigint;
  v_first bigint;
  v_n bigint;
BEGIN
  DELETE FROM change_feed_pending WHERE txid = v_tx;
  -- The merge joins the stage with itself by seq: hash joins, never a nested loop over tens of
  -- thousands of rows (the stage is never analysed; transaction-local setting).
  PERFORM set_config('enable_nestloop', 'off', true);
  -- ... and by its txid index: every row staged and flushed leaves a dead row, and with stale
  -- statistics (autovacuum off or behind) the planner chose to scan them all (0.5 s a commit).
  PERFORM set_config('enable_seqscan', 'off', true);
  -- With the stage's dead rows counted in, the estimates pass jit_above_cost: compiling the
  -- statement took 0.57 s of every commit after a back-fill (the lag at head rose from 0.9 to
  -- 4.8 blocks at 10 tx/s), for a statement that runs in milliseconds.
  PERFORM set_config('jit', 'off', true);
  -- A range's thousands of rows are sorted and hashed in memory rather than spilled to disk.
  PERFORM set_config('work_mem', '32MB', true);
  -- Held to commit: the next transaction numbers its rows only after this one is visible.
  PERFORM pg_advisory_xact_lock(7131900019);
  v_first := nextval('change_feed_id_seq');
  INSERT INTO change_feed (id, chain_id, kind, op, topics, data, block_number, created_at)
  WITH k AS (
    SELECT s.tbl, min(s.seq) AS s0, max(s.seq) AS s1
    FROM change_feed_stage s WHERE s.txid = v_tx GROUP BY s.tbl, s.key),
  m AS (
    SELECT k.tbl, k.s0 AS seq, b.before, a.after
    FROM k
    JOIN change_feed_stage b ON b.txid = v_tx AND b.seq = k.s0
    JOIN change_feed_stage a ON a.txid = v_tx AND a.seq = k.s1),
  -- MATERIALIZED: each changed row is parsed and turned into jsonb once, not at every use of r.
  c AS MATERIALIZED (
    SELECT m.tbl, m.seq, m.before IS NULL AS inserted, m.after IS NULL AS deleted,
      change_feed_data(m.tbl, coalesce(m.after, m.before)) AS d
    FROM m
    -- offers.state_block is the indexer's bookkeeping (when it last looked), not a change to show.
    WHERE CASE WHEN m.tbl = 'offers'
      THEN (change_feed_data(m.tbl, m.before) - 'stateBlock')
        IS DISTINCT FROM (change_feed_data(m.tbl, m.after) - 'stateBlock')
      ELSE m.before IS DISTINCT FROM m.after END)
  SELECT
    v_first + row_number() OVER (ORDER BY c.seq) - 1,
    (c.d ->> 'chainId')::integer,
    CASE c.tbl
      WHEN 'orders' THEN 'order'
      WHEN 'holdings' THEN 'holding'
      WHEN 'activities' THEN 'activity'
      WHEN 'offers' THEN 'offer'
      WHEN 'collection_stats' THEN 'stats'
      WHEN 'token_metadata' THEN 'metadata'
      ELSE 'launchpad' END,
    CASE WHEN c.inserted THEN 'insert' WHEN c.deleted THEN 'delete' ELSE 'update' END,
    -- Topic strings exactly as packages/shared/src/live.ts liveTopic builds them.
    CASE c.tbl
      WHEN 'orders' THEN ARRAY[x.item, x.coll, 'account:' || lower(c.d ->> 'ownerAddr'), 'market']
      WHEN 'holdings' THEN ARRAY[x.item, x.coll, 'account:' || lower(c.d ->> 'ownerAddr')]
      WHEN 'activities' THEN ARRAY[x.item, x.coll, 'account:' || lower(c.d ->> 'fromAddr')]
        || CASE WHEN c.d ->> 'toAddr' IS NULL OR lower(c.d ->> 'toAddr') = lower(c.d ->> 'fromAddr')
             THEN '{}'::text[] ELSE ARRAY['account:' || lower(c.d ->> 'toAddr')] END
        || ARRAY['market']
      WHEN 'offers' THEN CASE WHEN c.d ->> 'tokenId' IS NULL THEN '{}'::text[] ELSE ARRAY[x.item] END
        || ARRAY[x.coll, 'account:' || lower(c.d ->> 'offerer')]
      WHEN 'collection_stats' THEN ARRAY[x.coll, 'market']
      WHEN 'token_metadata' THEN ARRAY[x.item, x.coll]
      ELSE ARRAY['launchpad:' || coalesce((
        SELECT min(p.id) FROM launchpad_projects p
        WHERE lower(p.contract_addr) = lower(c.d ->> 'launchpadAddr')
          AND p.token_id = c.d ->> 'saleId'), 0), 'market'] END,
    c.d,
    v_block,
    clock_timestamp()
  FROM c
  CROSS JOIN LATERAL (SELECT
    'item:' || lower(c.d ->> 'contractAddr') || ':' || (c.d ->> 'tokenId') AS item,
    'collection:' || lower(c.d ->> 'contractAddr') AS coll) x;
  GET DIAGNOSTICS v_n = ROW_COUNT;
  IF v_n > 0 THEN
    PERFORM setval('change_feed_id_seq', v_first + v_n - 1);
    PERFORM pg_notify('change_feed', (v_first + v_n - 1)::text);
  ELSE
    -- Nothing changed: the id taken is handed out again.
    PERFORM setval('change_feed_id_seq', v_first, false);
  END IF;
  DELETE FROM change_feed_stage WHERE txid = v_tx;
  RETURN NULL;
END $f$;
