-- The market page first picks the ids of its rows from the index alone (an index-only scan: the
-- collection and price filters and the tie-break read included columns, no table row is
-- visited for rows that are skipped or filtered out), then reads the page's rows. These
-- covering indexes replace the two partial ones of 0007.
CREATE INDEX IF NOT EXISTS "orders_market_created_cover_idx" ON "orders" ("chain_id", "status", "created_at" DESC, "order_id" DESC) INCLUDE ("market_addr", "contract_addr", "price_value") WHERE "image_url" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_market_price_cover_idx" ON "orders" ("chain_id", "status", "price_value", "order_id") INCLUDE ("market_addr", "contract_addr", "created_at") WHERE "image_url" IS NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_market_created_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_market_price_idx";
