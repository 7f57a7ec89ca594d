-- The market page walks a sort's covering index and tests every filter inside it. Two columns it
-- tests were missing, so each entry walked also read its table row: expires_at (every listed page
-- checks that a signed listing has not ended) and, in the recently-listed index, the reference
-- price the price filter compares (it held price_value, the per-coin figure). These replace the
-- covering indexes of 0010 and 0011 with the same keys and every column the filters read.
CREATE INDEX IF NOT EXISTS "orders_market_created_ref_idx" ON "orders" ("chain_id", "status", "created_at" DESC, "order_id" DESC) INCLUDE ("market_addr", "contract_addr", "price_ref", "name_lower", "expires_at") WHERE "image_url" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_market_price_ref_idx" ON "orders" ("chain_id", "status", "price_ref", "order_id") INCLUDE ("market_addr", "contract_addr", "created_at", "name_lower", "expires_at") WHERE "image_url" IS NOT NULL;
--> statement-breakpoint
-- Recently listed in a few collections: each collection's part of the market in that order, walked
-- one by one and merged (src/modules/market/queries.ts), rather than skipping through every other
-- collection's newest orders.
CREATE INDEX IF NOT EXISTS "orders_market_contract_created_idx" ON "orders" ("chain_id", "contract_addr", "status", "created_at" DESC, "order_id" DESC) INCLUDE ("market_addr", "price_ref", "name_lower", "expires_at") WHERE "image_url" IS NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_market_created_search_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_market_price_ref_search_idx";
--> statement-breakpoint
-- A prefix of orders_status_created_idx, which serves whatever it served: one index less to keep
-- up to date on every order write, for the one added above.
DROP INDEX IF EXISTS "orders_status_idx";
