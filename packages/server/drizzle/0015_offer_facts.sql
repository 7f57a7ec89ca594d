-- The indexer's offer facts (Offers contract events, rolled back like every fact) and the
-- offerers' coin balance / allowance it read (offer funding).
CREATE TABLE "offer_events" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"tx_hash" varchar(66) NOT NULL,
	"log_index" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"offers_addr" varchar(42) NOT NULL,
	"offerer" varchar(42) NOT NULL,
	"order_hash" varchar(66),
	"units" numeric(78, 0),
	"filled" numeric(78, 0),
	"counter" numeric(78, 0),
	"block_time" timestamp with time zone NOT NULL,
	CONSTRAINT "offer_events_chain_id_tx_hash_log_index_pk" PRIMARY KEY("chain_id","tx_hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "offer_funds" (
	"chain_id" integer NOT NULL,
	"coin" varchar(42) NOT NULL,
	"owner" varchar(42) NOT NULL,
	"spender" varchar(42) NOT NULL,
	"balance" numeric(78, 0) NOT NULL,
	"allowance" numeric(78, 0) NOT NULL,
	"block_number" bigint NOT NULL,
	CONSTRAINT "offer_funds_chain_id_coin_owner_spender_pk" PRIMARY KEY("chain_id","coin","owner","spender")
);
--> statement-breakpoint
CREATE INDEX "offer_events_block_idx" ON "offer_events" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "offer_events_hash_idx" ON "offer_events" USING btree ("chain_id","order_hash");--> statement-breakpoint
CREATE INDEX "offer_events_offerer_idx" ON "offer_events" USING btree ("chain_id","offerer","kind");--> statement-breakpoint
CREATE INDEX "offer_funds_block_idx" ON "offer_funds" USING btree ("chain_id","block_number");