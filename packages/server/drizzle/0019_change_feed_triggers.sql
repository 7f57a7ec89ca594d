-- The change feed's triggers (issue 19). Every writer (indexer range, reorg rollback, API offer
-- insert, metadata refresh) records its changes in its own transaction, with no code at the
-- write points:
--   1. statement-level AFTER triggers with transition tables stage the rows each statement
--      removed (before) and wrote (after) in change_feed_stage, per transaction, table and key;
--   2. the first staging statement of a transaction inserts its one row in change_feed_pending,
--      whose DEFERRABLE INITIALLY DEFERRED constraint trigger runs the flush once, at commit;
--   3. the flush keeps per key the FIRST 'before' and the LAST 'after' of the transaction (the
--      indexer re-derives state by DELETE + INSERT of the keys it touched: an unchanged row ends
--      with before = after and gives no event), takes an advisory transaction lock before
--      numbering, so ids grow in commit order (a reader of id > last never misses a row committed
--      later with a lower id), writes the rows whose before and after differ, and notifies
--      'change_feed' with the highest id.
-- Cost: the indexer writes tens of thousands of rows per range, so staging is set-based and as
-- cheap as measured best: rows are appended as their text form (a row's text is canonical, so
-- equal text = equal row; to_jsonb and an upsert per row cost several times more), and only the
-- changed rows are turned into jsonb, at commit.

-- Staged rows of open transactions, appended (seq = order of staging). UNLOGGED: never needed
-- after a crash (their transactions died).
CREATE UNLOGGED TABLE "change_feed_stage" (
	"txid" bigint NOT NULL,
	"seq" bigint NOT NULL,
	"tbl" text NOT NULL,
	"key" text NOT NULL,
	"before" text,
	"after" text
);
--> statement-breakpoint
CREATE INDEX "change_feed_stage_txid_idx" ON "change_feed_stage" ("txid");
--> statement-breakpoint
-- One row per transaction with staged rows: its insert queues the flush at commit.
CREATE UNLOGGED TABLE "change_feed_pending" ("txid" bigint PRIMARY KEY);
--> statement-breakpoint
CREATE SEQUENCE "change_feed_stage_seq" CACHE 1000;
--> statement-breakpoint
-- change_feed ids; only the flush takes them, under the feed lock.
CREATE SEQUENCE "change_feed_id_seq";
--> statement-breakpoint
-- snake_case column name -> camelCase field name (as the drizzle schema names them).
CREATE FUNCTION change_feed_camel(k text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT string_agg(CASE WHEN i = 1 THEN p ELSE upper(left(p, 1)) || substr(p, 2) END, '' ORDER BY i)
  FROM unnest(string_to_array(k, '_')) WITH ORDINALITY AS t(p, i)
$$;
--> statement-breakpoint
-- A staged row's text back as the watched table's current row type, as jsonb (snake_case).
CREATE FUNCTION change_feed_row(tbl text, t text) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT CASE tbl
    WHEN 'orders' THEN to_jsonb(t::orders)
    WHEN 'holdings' THEN to_jsonb(t::holdings)
    WHEN 'activities' THEN to_jsonb(t::activities)
    WHEN 'offers' THEN to_jsonb(t::offers)
    WHEN 'collection_stats' THEN to_jsonb(t::collection_stats)
    WHEN 'launchpad_counters' THEN to_jsonb(t::launchpad_counters)
    WHEN 'launchpad_sales' THEN to_jsonb(t::launchpad_sales)
    WHEN 'token_metadata' THEN to_jsonb(t::token_metadata)
  END
$$;
--> statement-breakpoint
-- The staging functions and triggers of each watched table: its key expression over a row `r`.
DO $do$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('orders', $k$r.chain_id || '|' || r.market_addr || '|' || r.order_id$k$),
    ('holdings', $k$r.chain_id || '|' || r.contract_addr || '|' || r.token_id || '|' || r.owner_addr$k$),
    ('activities', $k$r.chain_id || '|' || r.tx_hash || '|' || r.log_index || '|' || r.sub_index$k$),
    ('offers', $k$r.chain_id || '|' || r.order_hash$k$),
    ('collection_stats', $k$r.chain_id || '|' || r.contract_addr$k$),
    ('launchpad_counters', $k$r.chain_id || '|' || r.launchpad_addr || '|' || r.sale_id || '|' || r.coin_addr || '|' || r.kind$k$),
    ('launchpad_sales', $k$r.chain_id || '|' || r.launchpad_addr || '|' || r.sale_id$k$),
    ('token_metadata', $k$r.chain_id || '|' || r.contract_addr || '|' || r.token_id$k$)
  ) AS v(tbl, k)
  LOOP
    EXECUTE format($f$
      CREATE FUNCTION change_feed_ins_%1$s() RETURNS trigger LANGUAGE plpgsql AS $b$
      BEGIN
        INSERT INTO change_feed_stage (txid, seq, tbl, key, before, after)
        SELECT txid_current(), nextval('change_feed_stage_seq'), %1$L, %2$s, NULL, r::text
        FROM new_rows r;
        IF FOUND THEN
          INSERT INTO change_feed_pending VALUES (txid_current()) ON CONFLICT DO NOTHING;
        END IF;
        RETURN NULL;
      END $b$$f$, t.tbl, t.k);
    EXECUTE format($f$
      CREATE FUNCTION change_feed_del_%1$s() RETURNS trigger LANGUAGE plpgsql AS $b$
      BEGIN
        INSERT INTO change_feed_stage (txid, seq, tbl, key, before, after)
        SELECT txid_current(), nextval('change_feed_stage_seq'), %1$L, %2$s, r::text, NULL
        FROM old_rows r;
        IF FOUND THEN
          INSERT INTO change_feed_pending VALUES (txid_current()) ON CONFLICT DO NOTHING;
        END IF;
        RETURN NULL;
      END $b$$f$, t.tbl, t.k);
    -- An update stages its old rows, then its new ones (later seq): the merge pairs them by key
    -- (a key that changed is a delete plus an insert).
    EXECUTE format($f$
      CREATE FUNCTION change_feed_upd_%1$s() RETURNS trigger LANGUAGE plpgsql AS $b$
      BEGIN
        INSERT INTO change_feed_stage (txid, seq, tbl, key, before, after)
        SELECT txid_current(), nextval('change_feed_stage_seq'), %1$L, %2$s, r::text, NULL
        FROM old_rows r;
        IF FOUND THEN
          INSERT INTO change_feed_stage (txid, seq, tbl, key, before, after)
          SELECT txid_current(), nextval('change_feed_stage_seq'), %1$L, %2$s, NULL, r::text
          FROM new_rows r;
          INSERT INTO change_feed_pending VALUES (txid_current()) ON CONFLICT DO NOTHING;
        END IF;
        RETURN NULL;
      END $b$$f$, t.tbl, t.k);
    EXECUTE format('CREATE TRIGGER change_feed_ins AFTER INSERT ON %1$I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION change_feed_ins_%1$s()', t.tbl);
    EXECUTE format('CREATE TRIGGER change_feed_del AFTER DELETE ON %1$I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION change_feed_del_%1$s()', t.tbl);
    EXECUTE format('CREATE TRIGGER change_feed_upd AFTER UPDATE ON %1$I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION change_feed_upd_%1$s()', t.tbl);
  END LOOP;
END
$do$;
--> statement-breakpoint
-- At commit: per key of this transaction, the first before and the last after; those that differ
-- become feed rows.
CREATE FUNCTION change_feed_flush() RETURNS trigger LANGUAGE plpgsql AS $f$
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
      change_feed_row(m.tbl, coalesce(m.after, m.before)) AS r
    FROM m
    -- offers.state_block is the indexer's bookkeeping (when it last looked), not a change to show.
    WHERE CASE WHEN m.tbl = 'offers'
      THEN (change_feed_row(m.tbl, m.before) - 'state_block')
        IS DISTINCT FROM (change_feed_row(m.tbl, m.after) - 'state_block')
      ELSE m.before IS DISTINCT FROM m.after END),
  -- Per watched table once: snake_case -> camelCase names, and its numeric columns.
  cols AS (
    SELECT a.attrelid,
      jsonb_object_agg(a.attname, change_feed_camel(a.attname)) AS names,
      coalesce(jsonb_object_agg(a.attname, true) FILTER (WHERE a.atttypid = 'numeric'::regtype),
        '{}') AS nums
    FROM pg_attribute a
    WHERE a.attrelid IN ('orders'::regclass, 'holdings'::regclass, 'activities'::regclass,
        'offers'::regclass, 'collection_stats'::regclass, 'launchpad_counters'::regclass,
        'launchpad_sales'::regclass, 'token_metadata'::regclass)
      AND a.attnum > 0 AND NOT a.attisdropped
    GROUP BY a.attrelid)
  SELECT
    v_first + row_number() OVER (ORDER BY c.seq) - 1,
    (c.r ->> 'chain_id')::integer,
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
      WHEN 'orders' THEN ARRAY[x.item, x.coll, 'account:' || lower(c.r ->> 'owner_addr'), 'market']
      WHEN 'holdings' THEN ARRAY[x.item, x.coll, 'account:' || lower(c.r ->> 'owner_addr')]
      WHEN 'activities' THEN ARRAY[x.item, x.coll, 'account:' || lower(c.r ->> 'from_addr')]
        || CASE WHEN c.r ->> 'to_addr' IS NULL OR lower(c.r ->> 'to_addr') = lower(c.r ->> 'from_addr')
             THEN '{}'::text[] ELSE ARRAY['account:' || lower(c.r ->> 'to_addr')] END
        || ARRAY['market']
      WHEN 'offers' THEN CASE WHEN c.r ->> 'token_id' IS NULL THEN '{}'::text[] ELSE ARRAY[x.item] END
        || ARRAY[x.coll, 'account:' || lower(c.r ->> 'offerer')]
      WHEN 'collection_stats' THEN ARRAY[x.coll, 'market']
      WHEN 'token_metadata' THEN ARRAY[x.item, x.coll]
      ELSE ARRAY['launchpad:' || coalesce((
        SELECT min(p.id) FROM launchpad_projects p
        WHERE lower(p.contract_addr) = lower(c.r ->> 'launchpad_addr')
          AND p.token_id = c.r ->> 'sale_id'), 0), 'market'] END,
    -- camelCase fields; numeric columns (uint256, coin amounts) as decimal strings, exact in JS.
    (SELECT jsonb_object_agg(coalesce(cl.names ->> e.key, e.key),
              CASE WHEN cl.nums ? e.key AND jsonb_typeof(e.value) = 'number'
                THEN to_jsonb(e.value #>> '{}') ELSE e.value END)
     FROM jsonb_each(c.r) e),
    v_block,
    clock_timestamp()
  FROM c
  CROSS JOIN LATERAL (SELECT
    'item:' || lower(c.r ->> 'contract_addr') || ':' || (c.r ->> 'token_id') AS item,
    'collection:' || lower(c.r ->> 'contract_addr') AS coll) x
  JOIN cols cl ON cl.attrelid = c.tbl::regclass;
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
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER change_feed_flush AFTER INSERT ON change_feed_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION change_feed_flush();
