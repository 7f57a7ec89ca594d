-- Upgrading a database indexed before 0011: its collection stats and hourly volumes still add
-- every coin as if it were AIA, and its page royalties predate the RoyaltyRateSet rule. This
-- rebuilds them once from the stored facts, as the indexer's recomputeStats (stats.ts) and
-- syncProfileRoyalty (royalty.ts) would, for every chain and collection at once: each sale at the
-- rate stored with it (0011 gave AIA sales rate 1; other coins have none until the operator sets
-- one, which recomputes again), each floor at the listing's reference price. A frozen copy of the
-- SQL of those two functions as of this migration.
DELETE FROM "collection_stats";
--> statement-breakpoint
DELETE FROM "collection_volume_hours";
--> statement-breakpoint
INSERT INTO "collection_stats" ("chain_id", "contract_addr", "lowest_price", "total_transaction",
  "total_trades", "total_tokens", "total_holder", "total_order", "coin_volumes", "coin_floors")
SELECT k.chain_id, k.c, o.lowest, coalesce(t.volume, 0), coalesce(t.trades, 0), h.tokens,
       h.holders, o.listed, coalesce(t.parts, '{}'::jsonb), coalesce(f.parts, '{}'::jsonb)
FROM (
  SELECT DISTINCT chain_id, contract_addr AS c FROM "nft_transfers"
  UNION
  SELECT DISTINCT chain_id, contract_addr FROM "market_events") k
CROSS JOIN LATERAL (
  SELECT min(price_ref) AS lowest, count(*)::int AS listed FROM "orders"
  WHERE chain_id = k.chain_id AND contract_addr = k.c AND status = 0) o
CROSS JOIN LATERAL (
  SELECT jsonb_object_agg(money_addr, floor::text) AS parts FROM (
    SELECT money_addr, min(price_value) AS floor FROM "orders"
    WHERE chain_id = k.chain_id AND contract_addr = k.c AND status = 0
    GROUP BY money_addr) x) f
CROSS JOIN LATERAL (
  SELECT sum(ref) AS volume, sum(trades)::int AS trades,
         jsonb_object_agg(coin, amount::text) AS parts
  FROM (
    SELECT e.coin,
           sum(e.price * e.amount / power(10::numeric, coalesce(d.decimals, 18))) AS amount,
           sum(trunc(e.price * e.amount / power(10::numeric, coalesce(d.decimals, 18)) * e.ref_rate, 18)) AS ref,
           count(*) AS trades
    FROM "market_events" e
    LEFT JOIN "coin_decimals" d ON d.chain_id = e.chain_id AND d.address = e.coin
    WHERE e.chain_id = k.chain_id AND e.contract_addr = k.c AND e.kind = 'sold'
    GROUP BY e.coin) x) t
CROSS JOIN LATERAL (
  SELECT count(DISTINCT token_id)::int AS tokens, count(DISTINCT owner_addr)::int AS holders
  FROM "holdings" WHERE chain_id = k.chain_id AND contract_addr = k.c AND amount > 0) h;
--> statement-breakpoint
INSERT INTO "collection_volume_hours" ("chain_id", "contract_addr", "hour", "volume", "trades", "coin_volumes")
SELECT chain_id, c, hour, coalesce(sum(ref), 0), sum(trades)::int, jsonb_object_agg(coin, amount::text)
FROM (
  SELECT e.chain_id, e.contract_addr AS c, date_trunc('hour', e.block_time, 'UTC') AS hour, e.coin,
         sum(e.price * e.amount / power(10::numeric, coalesce(d.decimals, 18))) AS amount,
         sum(trunc(e.price * e.amount / power(10::numeric, coalesce(d.decimals, 18)) * e.ref_rate, 18)) AS ref,
         count(*) AS trades
  FROM "market_events" e
  LEFT JOIN "coin_decimals" d ON d.chain_id = e.chain_id AND d.address = e.coin
  WHERE e.kind = 'sold'
  GROUP BY e.chain_id, e.contract_addr, hour, e.coin) x
GROUP BY chain_id, c, hour;
--> statement-breakpoint
-- The page royalty: the collection's latest RoyaltyRateSet within the page's bound (10 % as
-- percent x 100), none when the market never set one.
UPDATE "collection_profiles" p
SET royalty_rate = r.rate, royalty_addr = r.receiver
FROM "collection_profiles" q
LEFT JOIN LATERAL (
  SELECT e.price::int AS rate, e.royalty_receiver AS receiver FROM "market_events" e
  WHERE e.chain_id = q.chain_id AND e.kind = 'royaltyRate' AND e.contract_addr = q.contract_addr
    AND e.price <= 1000
  ORDER BY e.block_number DESC, e.log_index DESC
  LIMIT 1) r ON true
WHERE p.chain_id = q.chain_id AND p.contract_addr = q.contract_addr;
