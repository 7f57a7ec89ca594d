-- Substring search (homeSearchPage, the market keyWord, the collection filter box): ILIKE '%kw%'
-- is served by trigram GIN indexes. PGlite loads the extension itself (src/db/database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "token_metadata_name_trgm_idx" ON "token_metadata" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_name_trgm_idx" ON "orders" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "collection_profiles_name_trgm_idx" ON "collection_profiles" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "collection_profiles_contract_trgm_idx" ON "collection_profiles" USING gin ("contract_addr" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_address_trgm_idx" ON "users" USING gin ("address" gin_trgm_ops);
--> statement-breakpoint
-- The market pages only show orders with an image: partial indexes in the order of each sort
-- (recently listed; price both ways, read backwards for descending), so a page is an index walk.
CREATE INDEX IF NOT EXISTS "orders_market_created_idx" ON "orders" ("chain_id", "status", "created_at" DESC, "order_id" DESC) WHERE "image_url" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_market_price_idx" ON "orders" ("chain_id", "status", "price_value", "order_id") WHERE "image_url" IS NOT NULL;
--> statement-breakpoint
-- The listings of one item by price (getOrderList, the lowest order of a card or detail).
CREATE INDEX IF NOT EXISTS "orders_token_price_idx" ON "orders" ("chain_id", "contract_addr", "token_id", "status", "price_value");
--> statement-breakpoint
-- An account's orders by status (for sale, force cancel).
CREATE INDEX IF NOT EXISTS "orders_owner_status_idx" ON "orders" ("chain_id", "owner_addr", "status", "created_at" DESC);
--> statement-breakpoint
-- A user's favourites, newest first.
CREATE INDEX IF NOT EXISTS "favourites_user_created_idx" ON "favourites" ("user_addr", "chain_id", "created_at" DESC);
