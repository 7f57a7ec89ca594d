-- The market keyword filter walks a sort's covering index and tests each entry: lower(name) kept
-- in the index and compared with LIKE costs a fraction of ILIKE on the name (no case folding per
-- row), so a keyword page with its count-ahead reads the index alone. Same semantics as ILIKE:
-- both lowercase the text and the pattern. Replaces the covering indexes of 0008 and the name
-- trigram index of 0007 (used when a keyword is rare).
ALTER TABLE "orders" ADD COLUMN "name_lower" text GENERATED ALWAYS AS (lower(name)) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_market_created_search_idx" ON "orders" ("chain_id", "status", "created_at" DESC, "order_id" DESC) INCLUDE ("market_addr", "contract_addr", "price_value", "name_lower") WHERE "image_url" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_market_price_search_idx" ON "orders" ("chain_id", "status", "price_value", "order_id") INCLUDE ("market_addr", "contract_addr", "created_at", "name_lower") WHERE "image_url" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_name_lower_trgm_idx" ON "orders" USING gin ("name_lower" gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_market_created_cover_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_market_price_cover_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_name_trgm_idx";
--> statement-breakpoint
-- Statistics for the new column at once (the planner picks the trigram index for rare keywords).
ANALYZE "orders";
