-- The change feed's tables; its functions and triggers, as they are in force, are defined in
-- drizzle/repeatable/change_feed.sql alone. The design as it began: every writer (indexer range,
-- reorg rollback, API offer insert, metadata refresh) records its changes in its own transaction,
-- with no code at the write points:
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
-- The flush at commit. Its body, the staging functions and the watched tables' statement
-- triggers are those of drizzle/repeatable/change_feed.sql, which migrate() runs after the ordered
-- migrations: this placeholder only lets the constraint trigger be created here, and nothing stages
-- rows before that file has run.
CREATE FUNCTION change_feed_flush() RETURNS trigger LANGUAGE plpgsql AS $f$ BEGIN RETURN NULL; END $f$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER change_feed_flush AFTER INSERT ON change_feed_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION change_feed_flush();
