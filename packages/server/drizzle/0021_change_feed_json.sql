-- The change feed's flush, rewritten: its row data built by one generated function per
-- watched table, read from the staged rows by their txid index only, never JIT-compiled. These
-- functions (change_feed_generate, the builders it generates, change_feed_flush) are defined in
-- drizzle/repeatable/change_feed.sql, which migrate() runs after the ordered migrations; the
-- generator is created here as an empty placeholder because migration 0026 calls it by name (a
-- database that ran this migration's earlier text has a real one by then).
CREATE FUNCTION change_feed_generate() RETURNS void LANGUAGE plpgsql AS $g$ BEGIN END $g$;
