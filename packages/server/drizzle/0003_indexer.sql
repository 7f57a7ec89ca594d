CREATE TABLE "activities" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"tx_hash" varchar(66) NOT NULL,
	"log_index" integer NOT NULL,
	"sub_index" integer NOT NULL,
	"method" smallint NOT NULL,
	"contract_addr" varchar(42) NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"order_id" numeric(78, 0),
	"price" numeric(78, 0),
	"coin" varchar(42),
	"amount" numeric(78, 0) NOT NULL,
	"from_addr" varchar(42) NOT NULL,
	"to_addr" varchar(42),
	"block_time" timestamp with time zone NOT NULL,
	CONSTRAINT "activities_chain_id_tx_hash_log_index_sub_index_pk" PRIMARY KEY("chain_id","tx_hash","log_index","sub_index")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"chain_id" integer NOT NULL,
	"address" varchar(42) NOT NULL,
	"contract_type" varchar(8) NOT NULL,
	"name" varchar(256),
	"symbol" varchar(64),
	"deployment_block" bigint NOT NULL,
	"source" varchar(16) NOT NULL,
	"synced_block" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE TABLE "holdings" (
	"chain_id" integer NOT NULL,
	"contract_addr" varchar(42) NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"owner_addr" varchar(42) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	CONSTRAINT "holdings_chain_id_contract_addr_token_id_owner_addr_pk" PRIMARY KEY("chain_id","contract_addr","token_id","owner_addr")
);
--> statement-breakpoint
CREATE TABLE "indexer_blocks" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" varchar(66) NOT NULL,
	"parent_hash" varchar(66) NOT NULL,
	CONSTRAINT "indexer_blocks_chain_id_block_number_pk" PRIMARY KEY("chain_id","block_number")
);
--> statement-breakpoint
CREATE TABLE "launchpad_counters" (
	"chain_id" integer NOT NULL,
	"launchpad_addr" varchar(42) NOT NULL,
	"sale_id" numeric(78, 0) NOT NULL,
	"coin_addr" varchar(42) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"minted" numeric(78, 0) NOT NULL,
	"paid" numeric(78, 0) NOT NULL,
	CONSTRAINT "launchpad_counters_chain_id_launchpad_addr_sale_id_coin_addr_kind_pk" PRIMARY KEY("chain_id","launchpad_addr","sale_id","coin_addr","kind")
);
--> statement-breakpoint
CREATE TABLE "launchpad_events" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"tx_hash" varchar(66) NOT NULL,
	"log_index" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"launchpad_addr" varchar(42) NOT NULL,
	"sale_id" numeric(78, 0) NOT NULL,
	"user_addr" varchar(42) NOT NULL,
	"coin_or_source" varchar(42) NOT NULL,
	"count" numeric(78, 0) NOT NULL,
	"cost" numeric(78, 0),
	"total_supply" numeric(78, 0) NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	CONSTRAINT "launchpad_events_chain_id_tx_hash_log_index_pk" PRIMARY KEY("chain_id","tx_hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "launchpad_sales" (
	"chain_id" integer NOT NULL,
	"launchpad_addr" varchar(42) NOT NULL,
	"sale_id" numeric(78, 0) NOT NULL,
	"minted" numeric(78, 0) NOT NULL,
	"swapped" numeric(78, 0) NOT NULL,
	"total_supply" numeric(78, 0) NOT NULL,
	CONSTRAINT "launchpad_sales_chain_id_launchpad_addr_sale_id_pk" PRIMARY KEY("chain_id","launchpad_addr","sale_id")
);
--> statement-breakpoint
CREATE TABLE "market_events" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"tx_hash" varchar(66) NOT NULL,
	"log_index" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"market_addr" varchar(42) NOT NULL,
	"item_id" numeric(78, 0),
	"contract_addr" varchar(42) NOT NULL,
	"token_id" numeric(78, 0),
	"seller" varchar(42),
	"buyer" varchar(42),
	"coin" varchar(42),
	"price" numeric(78, 0),
	"old_price" numeric(78, 0),
	"amount" numeric(78, 0),
	"left_amount" numeric(78, 0),
	"fee" numeric(78, 0),
	"royalty" numeric(78, 0),
	"royalty_receiver" varchar(42),
	"code" smallint,
	"block_time" timestamp with time zone NOT NULL,
	CONSTRAINT "market_events_chain_id_tx_hash_log_index_pk" PRIMARY KEY("chain_id","tx_hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "nft_transfers" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"tx_hash" varchar(66) NOT NULL,
	"log_index" integer NOT NULL,
	"sub_index" integer NOT NULL,
	"contract_addr" varchar(42) NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"from_addr" varchar(42) NOT NULL,
	"to_addr" varchar(42) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"batch" boolean NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	CONSTRAINT "nft_transfers_chain_id_tx_hash_log_index_sub_index_pk" PRIMARY KEY("chain_id","tx_hash","log_index","sub_index")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"chain_id" integer NOT NULL,
	"market_addr" varchar(42) NOT NULL,
	"order_id" numeric(78, 0) NOT NULL,
	"status" smallint NOT NULL,
	"chain_status" smallint NOT NULL,
	"price" numeric(78, 0) NOT NULL,
	"money_addr" varchar(42) NOT NULL,
	"contract_addr" varchar(42) NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"contract_type" varchar(8) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"left_amount" numeric(78, 0) NOT NULL,
	"owner_addr" varchar(42) NOT NULL,
	"royalty" integer,
	"created_block" bigint NOT NULL,
	"created_tx" varchar(66) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_block" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_chain_id_market_addr_order_id_pk" PRIMARY KEY("chain_id","market_addr","order_id")
);
--> statement-breakpoint
CREATE TABLE "royalty_payments" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"tx_hash" varchar(66) NOT NULL,
	"log_index" integer NOT NULL,
	"market_addr" varchar(42) NOT NULL,
	"order_id" numeric(78, 0) NOT NULL,
	"contract_addr" varchar(42) NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"receiver" varchar(42) NOT NULL,
	"coin" varchar(42) NOT NULL,
	"price" numeric(78, 0) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"total_trans" numeric(78, 0) NOT NULL,
	"royalty" numeric(78, 0) NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	CONSTRAINT "royalty_payments_chain_id_tx_hash_log_index_pk" PRIMARY KEY("chain_id","tx_hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "token_metadata" (
	"chain_id" integer NOT NULL,
	"contract_addr" varchar(42) NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"token_uri" text,
	"name" text,
	"image_url" text,
	"description" text,
	"properties" jsonb,
	"status" varchar(8) NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "token_metadata_chain_id_contract_addr_token_id_pk" PRIMARY KEY("chain_id","contract_addr","token_id")
);
--> statement-breakpoint
CREATE INDEX "activities_block_idx" ON "activities" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "activities_token_idx" ON "activities" USING btree ("chain_id","contract_addr","token_id");--> statement-breakpoint
CREATE INDEX "activities_from_idx" ON "activities" USING btree ("chain_id","from_addr");--> statement-breakpoint
CREATE INDEX "activities_to_idx" ON "activities" USING btree ("chain_id","to_addr");--> statement-breakpoint
CREATE INDEX "activities_time_idx" ON "activities" USING btree ("chain_id","block_time");--> statement-breakpoint
CREATE INDEX "holdings_owner_idx" ON "holdings" USING btree ("chain_id","owner_addr");--> statement-breakpoint
CREATE INDEX "launchpad_events_block_idx" ON "launchpad_events" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "launchpad_events_sale_idx" ON "launchpad_events" USING btree ("chain_id","launchpad_addr","sale_id");--> statement-breakpoint
CREATE INDEX "market_events_block_idx" ON "market_events" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "market_events_item_idx" ON "market_events" USING btree ("chain_id","market_addr","item_id");--> statement-breakpoint
CREATE INDEX "nft_transfers_block_idx" ON "nft_transfers" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "nft_transfers_token_idx" ON "nft_transfers" USING btree ("chain_id","contract_addr","token_id");--> statement-breakpoint
CREATE INDEX "orders_token_idx" ON "orders" USING btree ("chain_id","contract_addr","token_id");--> statement-breakpoint
CREATE INDEX "orders_owner_idx" ON "orders" USING btree ("chain_id","owner_addr");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("chain_id","status");--> statement-breakpoint
CREATE INDEX "royalty_payments_block_idx" ON "royalty_payments" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "royalty_payments_receiver_idx" ON "royalty_payments" USING btree ("chain_id","receiver");--> statement-breakpoint
CREATE INDEX "royalty_payments_contract_idx" ON "royalty_payments" USING btree ("chain_id","contract_addr");--> statement-breakpoint
CREATE INDEX "token_metadata_retry_idx" ON "token_metadata" USING btree ("chain_id","status","next_attempt_at");