CREATE TABLE "coin_rates" (
	"chain_id" integer NOT NULL,
	"coin" varchar(42) NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"rate" numeric(78, 18) NOT NULL,
	"symbol" varchar(64) NOT NULL,
	"decimals" smallint NOT NULL,
	"source" varchar(16) DEFAULT 'operator' NOT NULL,
	CONSTRAINT "coin_rates_chain_id_coin_effective_at_pk" PRIMARY KEY("chain_id","coin","effective_at")
);
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_status_price_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "orders_contract_price_idx";--> statement-breakpoint
ALTER TABLE "collection_stats" ADD COLUMN "coin_volumes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_stats" ADD COLUMN "coin_floors" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_volume_hours" ADD COLUMN "coin_volumes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "market_events" ADD COLUMN "ref_rate" numeric(78, 18);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "price_ref" numeric(78, 18);--> statement-breakpoint
CREATE INDEX "orders_status_price_ref_idx" ON "orders" USING btree ("chain_id","status","price_ref");--> statement-breakpoint
CREATE INDEX "orders_contract_price_ref_idx" ON "orders" USING btree ("chain_id","contract_addr","status","price_ref");--> statement-breakpoint
-- The market's price sort walks a covering index of the reference price, as it walked the one of
-- price_value (0010): same columns, the sort key swapped.
CREATE INDEX IF NOT EXISTS "orders_market_price_ref_search_idx" ON "orders" ("chain_id", "status", "price_ref", "order_id") INCLUDE ("market_addr", "contract_addr", "created_at", "name_lower") WHERE "image_url" IS NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_market_price_search_idx";
--> statement-breakpoint
-- AIA is the reference unit (rate 1): its listings and sales need no operator rate. Other coins
-- get theirs when the operator sets a rate (admin CLI rate set), which recomputes the stats.
UPDATE "orders" SET "price_ref" = "price_value" WHERE "money_addr" = '0x0000000000000000000000000000000000000000';
--> statement-breakpoint
UPDATE "market_events" SET "ref_rate" = 1 WHERE "kind" = 'sold' AND "coin" = '0x0000000000000000000000000000000000000000';
