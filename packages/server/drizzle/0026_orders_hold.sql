-- Why a listed order or an open offer cannot be filled now although nothing on its own stops it:
-- 0 nothing, 1 the seller's cheaper listings of the token already take every unit held, 2 the
-- market does not allow its coin, 3 the market is paused (ORDER_HOLD). Kept by the indexer from
-- the market's CoinAllowed / Paused / Unpaused facts and the holdings; a held order has status 3.
ALTER TABLE "orders" ADD COLUMN "hold" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "market_hold" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The latest allow-list change of a coin and the latest pause or unpause, read at every settle.
CREATE INDEX "market_events_settings_idx" ON "market_events" ("chain_id", "kind", "coin", "block_number", "log_index") WHERE "kind" IN ('coinAllowed', 'paused');
--> statement-breakpoint
-- Orders and offers feed the change feed: their generated staging follows the new columns. The
-- repeatable file generates it again after the ordered migrations in any case; this call keeps a
-- database that already has the real generator up to date within this migration's transaction.
SELECT change_feed_generate();
