-- The live change feed's functions, as they are in force: the one place to read and change them.
-- Not a numbered migration: migrate() (src/db/migrate-repeatable.ts) runs this file after the
-- ordered migrations, in one transaction, on PostgreSQL and on PGlite, whenever the file, the
-- tables' columns or the set of applied migrations changed since it last ran (a start checks that
-- in one query). It must stay idempotent: CREATE OR REPLACE, create-if-missing.
--
-- Change a function here, never in a new migration: the next start applies it. A migration that
-- changes a watched table's columns needs nothing more: the staging functions and the data
-- builders are generated from the columns each time this file runs. Watching one more table: a
-- line in change_feed_generate()'s list and its kind in change_feed_flush(); the last statement
-- creates its triggers (on a fresh database, every watched table's). How the feed works is told in
-- src/indexer/README.md, "Change feed".
--
-- This file is the only definition of these functions. The feed's tables, sequences and indexes
-- stay in migrations 0018, 0019, 0023 and 0024, with two placeholders: change_feed_flush (0019,
-- for its constraint trigger) and an empty change_feed_generate (0021, called by 0026). Why
-- removing the earlier bodies from those migrations is safe:
-- - drizzle's migrator (pg and PGlite alike) runs the journal's entries newer than the last one
--   recorded in drizzle.__drizzle_migrations, by timestamp; the hash it records is never read.
--   A deployment that ran the old texts runs none of them again, and keeps its functions until
--   this file replaces them at the end of the same migrate().
-- - A database migrated from before 0019 (fresh, or upgrading) has no staging triggers until this
--   file runs, so a write to a watched table in between would give no event. No ordered migration
--   from 0019 on writes one: 0025 fills trait_sets and trait_set_tokens, the rest change schema
--   only (test/live/feed-upgrade.test.ts checks the writes and the outcome of such upgrades).
-- - A database upgrading from between 0019 and 0023 keeps its old staging, which fails (never
--   loses) a write once 0023 has replaced the stage table: none happens before this file runs.

-- snake_case column name -> camelCase field name (as the drizzle schema names them).
CREATE OR REPLACE FUNCTION change_feed_camel(k text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT string_agg(CASE WHEN i = 1 THEN p ELSE upper(left(p, 1)) || substr(p, 2) END, '' ORDER BY i)
  FROM unnest(string_to_array(k, '_')) WITH ORDINALITY AS t(p, i)
$$;
--> statement-breakpoint
-- Generates, per watched table, its data builder (the column list, used by the staging and by
-- change_feed_data), its three staging functions (called by name by the table's triggers) and
-- the change_feed_data dispatch, from the table's columns as they are now.
CREATE OR REPLACE FUNCTION change_feed_generate() RETURNS void LANGUAGE plpgsql AS $g$
DECLARE
  t record;
  fields text;
  topics text;
  stage text;
  append text;
  dispatch text := '';
  item constant text := $$'item:' || lower(r.contract_addr) || ':' || r.token_id::text$$;
  coll constant text := $$'collection:' || lower(r.contract_addr)$$;
  launchpad constant text := $$ARRAY['launchpad:' || coalesce((
      SELECT min(p.id) FROM launchpad_projects p
      WHERE lower(p.contract_addr) = lower(r.launchpad_addr) AND p.token_id = r.sale_id::text), 0),
    'market']$$;
  pending constant text :=
    'IF FOUND THEN INSERT INTO change_feed_pending VALUES (txid_current()) ON CONFLICT DO NOTHING; END IF;';
BEGIN
  -- Per table: its key (a changed key is a delete plus an insert), its topics, over a row r, and
  -- whether its rows are only ever inserted once (append). Topic strings exactly as
  -- packages/shared/src/live.ts liveTopic builds them.
  FOR t IN SELECT * FROM (VALUES
    ('orders', $k$r.chain_id || '|' || r.market_addr || '|' || r.order_id$k$,
      $t$ARRAY[{item}, {coll}, 'account:' || lower(r.owner_addr), 'market']$t$, false),
    ('holdings', $k$r.chain_id || '|' || r.contract_addr || '|' || r.token_id || '|' || r.owner_addr$k$,
      $t$ARRAY[{item}, {coll}, 'account:' || lower(r.owner_addr)]$t$, false),
    ('activities', $k$r.chain_id || '|' || r.tx_hash || '|' || r.log_index || '|' || r.sub_index$k$,
      $t$ARRAY[{item}, {coll}, 'account:' || lower(r.from_addr)]
        || CASE WHEN r.to_addr IS NULL OR lower(r.to_addr) = lower(r.from_addr)
             THEN '{}'::text[] ELSE ARRAY['account:' || lower(r.to_addr)] END
        || ARRAY['market']$t$, true),
    ('offers', $k$r.chain_id || '|' || r.order_hash$k$,
      $t$CASE WHEN r.token_id IS NULL THEN '{}'::text[] ELSE ARRAY[{item}] END
        || ARRAY[{coll}, 'account:' || lower(r.offerer)]$t$, false),
    ('collection_stats', $k$r.chain_id || '|' || r.contract_addr$k$,
      $t$ARRAY[{coll}, 'market']$t$, false),
    ('launchpad_counters', $k$r.chain_id || '|' || r.launchpad_addr || '|' || r.sale_id || '|' || r.coin_addr || '|' || r.kind$k$,
      '{launchpad}', false),
    ('launchpad_sales', $k$r.chain_id || '|' || r.launchpad_addr || '|' || r.sale_id$k$,
      '{launchpad}', false),
    ('token_metadata', $k$r.chain_id || '|' || r.contract_addr || '|' || r.token_id$k$,
      $t$ARRAY[{item}, {coll}]$t$, false)
  ) AS v(tbl, k, topics, append)
  LOOP
    -- One camelCase field per column; numeric ones (uint256, coin amounts) as decimal strings.
    SELECT string_agg(format('r.%I%s AS %I', a.attname,
        CASE WHEN a.atttypid = 'numeric'::regtype THEN '::text' ELSE '' END,
        change_feed_camel(a.attname)), ', ' ORDER BY a.attnum) INTO fields
    FROM pg_attribute a
    WHERE a.attrelid = t.tbl::regclass AND a.attnum > 0 AND NOT a.attisdropped;
    topics := replace(replace(replace(t.topics, '{item}', item), '{coll}', coll),
      '{launchpad}', launchpad);
    -- The staging of a transition table's rows (%1$s: new_rows or old_rows, %2$s: is_after).
    stage := format($s$
        INSERT INTO change_feed_stage (txid, seq, tbl, key, is_after, chain_id, data, topics)
        SELECT txid_current(), nextval('change_feed_stage_seq'), %1$L, %2$s, %%2$s, r.chain_id,
          row_to_json(x), %3$s
        FROM %%1$s r CROSS JOIN LATERAL (SELECT %4$s) x;$s$, t.tbl, t.k, topics, fields);
    -- An append table's inserted rows: no key, no pairing.
    append := format($s$
        INSERT INTO change_feed_append (txid, seq, tbl, chain_id, data, topics)
        SELECT txid_current(), nextval('change_feed_stage_seq'), %1$L, r.chain_id,
          row_to_json(x), %2$s
        FROM new_rows r CROSS JOIN LATERAL (SELECT %3$s) x;$s$, t.tbl, topics, fields);
    EXECUTE format(
      'CREATE OR REPLACE FUNCTION change_feed_ins_%1$s() RETURNS trigger LANGUAGE plpgsql AS $b$ BEGIN %2$s %3$s RETURN NULL; END $b$',
      t.tbl, CASE WHEN t.append THEN append ELSE format(stage, 'new_rows', 'true') END, pending);
    EXECUTE format(
      'CREATE OR REPLACE FUNCTION change_feed_del_%1$s() RETURNS trigger LANGUAGE plpgsql AS $b$ BEGIN %2$s %3$s RETURN NULL; END $b$',
      t.tbl, format(stage, 'old_rows', 'false'), pending);
    -- An update stages its old rows, then its new ones (later seq): the flush pairs them by key.
    EXECUTE format(
      'CREATE OR REPLACE FUNCTION change_feed_upd_%1$s() RETURNS trigger LANGUAGE plpgsql AS $b$ BEGIN %2$s IF FOUND THEN %3$s INSERT INTO change_feed_pending VALUES (txid_current()) ON CONFLICT DO NOTHING; END IF; RETURN NULL; END $b$',
      t.tbl, format(stage, 'old_rows', 'false'), format(stage, 'new_rows', 'true'));
    -- A row's data from its text, for tests and tools (a null text gives a row of nulls).
    EXECUTE format(
      'CREATE OR REPLACE FUNCTION change_feed_data_%1$s(t text) RETURNS jsonb LANGUAGE plpgsql STABLE AS $b$ DECLARE r %1$I := t::%1$I; BEGIN RETURN (SELECT to_jsonb(x) FROM (SELECT %2$s) x); END $b$',
      t.tbl, fields);
    dispatch := dispatch || format(' WHEN %1$L THEN change_feed_data_%1$s(t)', t.tbl);
  END LOOP;
  EXECUTE format(
    'CREATE OR REPLACE FUNCTION change_feed_data(tbl text, t text) RETURNS jsonb LANGUAGE sql STABLE AS $b$ SELECT CASE tbl%s END $b$',
    dispatch);
END $g$;
--> statement-breakpoint
SELECT change_feed_generate();
--> statement-breakpoint
-- At commit (the deferred constraint trigger on change_feed_pending, migration 0019): pairs,
-- filters and numbers the transaction's staged rows into change_feed, and notifies.
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
  -- statement took 0.57 s of every commit after a back-fill, for one that runs in milliseconds.
  PERFORM set_config('jit', 'off', true);
  -- A range's thousands of rows are sorted and hashed in memory rather than spilled to disk.
  PERFORM set_config('work_mem', '32MB', true);
  -- Held to commit: the next transaction numbers its rows only after this one is visible.
  PERFORM pg_advisory_xact_lock(7131900019);
  v_first := nextval('change_feed_id_seq');
  -- Paired rows, per key: its first staged row (b) and its last (a): the row existed before the
  -- transaction unless b is a written row, and exists after it if a is one. An unchanged row
  -- (the indexer re-derives state by DELETE + INSERT of the keys it touched) gives no event.
  -- Appended rows are inserts as they are. Both are numbered in the order they were staged.
  INSERT INTO change_feed (id, chain_id, kind, op, topics, data, block_number, created_at)
  SELECT
    v_first + row_number() OVER (ORDER BY e.s) - 1,
    e.chain_id,
    CASE e.tbl
      WHEN 'orders' THEN 'order'
      WHEN 'holdings' THEN 'holding'
      WHEN 'activities' THEN 'activity'
      WHEN 'offers' THEN 'offer'
      WHEN 'collection_stats' THEN 'stats'
      WHEN 'token_metadata' THEN 'metadata'
      ELSE 'launchpad' END,
    e.op,
    e.topics,
    e.data,
    v_block,
    clock_timestamp()
  FROM (
    SELECT
      k.s0 AS s,
      k.tbl,
      CASE WHEN a.is_after THEN a.chain_id ELSE b.chain_id END AS chain_id,
      CASE WHEN b.is_after THEN 'insert' WHEN NOT a.is_after THEN 'delete' ELSE 'update' END AS op,
      CASE WHEN a.is_after THEN a.topics ELSE b.topics END AS topics,
      CASE WHEN a.is_after THEN a.data ELSE b.data END AS data
    FROM (
      SELECT s.tbl, min(s.seq) AS s0, max(s.seq) AS s1
      FROM change_feed_stage s WHERE s.txid = v_tx GROUP BY s.tbl, s.key) k
    JOIN change_feed_stage b ON b.txid = v_tx AND b.seq = k.s0
    JOIN change_feed_stage a ON a.txid = v_tx AND a.seq = k.s1
    WHERE CASE
      WHEN b.is_after THEN a.is_after
      WHEN NOT a.is_after THEN true
      -- offers.state_block is the indexer's bookkeeping (when it last looked), not a change to show.
      WHEN k.tbl = 'offers'
        THEN (b.data::jsonb - 'stateBlock') IS DISTINCT FROM (a.data::jsonb - 'stateBlock')
      ELSE b.data::text IS DISTINCT FROM a.data::text END
    UNION ALL
    SELECT p.seq, p.tbl, p.chain_id, 'insert', p.topics, p.data
    FROM change_feed_append p WHERE p.txid = v_tx) e;
  GET DIAGNOSTICS v_n = ROW_COUNT;
  IF v_n > 0 THEN
    PERFORM setval('change_feed_id_seq', v_first + v_n - 1);
    PERFORM pg_notify('change_feed', (v_first + v_n - 1)::text);
  ELSE
    -- Nothing changed: the id taken is handed out again.
    PERFORM setval('change_feed_id_seq', v_first, false);
  END IF;
  DELETE FROM change_feed_stage WHERE txid = v_tx;
  DELETE FROM change_feed_append WHERE txid = v_tx;
  RETURN NULL;
END $f$;
--> statement-breakpoint
-- The statement triggers of every watched table that lacks them (a table just added to the list
-- above), found from its generated staging functions. Existing triggers are left alone: creating
-- one locks its table against the writers of a running indexer.
DO $do$
DECLARE
  w record;
BEGIN
  FOR w IN
    SELECT t.tbl, k.op, k.event, k.refs
    FROM (SELECT substr(proname, length('change_feed_ins_') + 1) AS tbl
      FROM pg_proc WHERE proname LIKE 'change\_feed\_ins\_%') t
    CROSS JOIN (VALUES
      ('ins', 'INSERT', 'NEW TABLE AS new_rows'),
      ('del', 'DELETE', 'OLD TABLE AS old_rows'),
      ('upd', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows')) k(op, event, refs)
    WHERE to_regclass(quote_ident(t.tbl)) IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g
        WHERE g.tgrelid = to_regclass(quote_ident(t.tbl)) AND g.tgname = 'change_feed_' || k.op)
  LOOP
    EXECUTE format(
      'CREATE TRIGGER change_feed_%2$s AFTER %3$s ON %1$I REFERENCING %4$s FOR EACH STATEMENT EXECUTE FUNCTION change_feed_%2$s_%1$s()',
      w.tbl, w.op, w.event, w.refs);
  END LOOP;
END
$do$;
