-- Signed offers: rows stored by the API (offer/create), state columns (filled,
-- cancelled, funded) kept by the indexer; the signed token set of trait offers.
CREATE TABLE "offer_trait_tokens" (
	"chain_id" integer NOT NULL,
	"order_hash" varchar(66) NOT NULL,
	"contract_addr" varchar(42) NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	CONSTRAINT "offer_trait_tokens_chain_id_order_hash_token_id_pk" PRIMARY KEY("chain_id","order_hash","token_id")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"chain_id" integer NOT NULL,
	"offers_addr" varchar(42) NOT NULL,
	"order_hash" varchar(66) NOT NULL,
	"offerer" varchar(42) NOT NULL,
	"contract_addr" varchar(42) NOT NULL,
	"kind" smallint NOT NULL,
	"erc1155" boolean NOT NULL,
	"identifier" numeric(78, 0) NOT NULL,
	"token_id" numeric(78, 0),
	"trait_value_id" integer,
	"units" numeric(78, 0) NOT NULL,
	"coin" varchar(42) NOT NULL,
	"price_per_unit" numeric(78, 0) NOT NULL,
	"price_value" numeric(78, 18) NOT NULL,
	"price_ref" numeric(78, 18),
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"salt" numeric(78, 0) NOT NULL,
	"counter" numeric(78, 0) NOT NULL,
	"signature" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"filled" numeric(78, 0) DEFAULT '0' NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"funded" boolean DEFAULT true NOT NULL,
	"state_block" bigint,
	CONSTRAINT "offers_chain_id_order_hash_pk" PRIMARY KEY("chain_id","order_hash")
);
--> statement-breakpoint
CREATE INDEX "offer_trait_tokens_token_idx" ON "offer_trait_tokens" USING btree ("chain_id","contract_addr","token_id");--> statement-breakpoint
CREATE INDEX "offers_item_idx" ON "offers" USING btree ("chain_id","contract_addr","token_id");--> statement-breakpoint
CREATE INDEX "offers_collection_idx" ON "offers" USING btree ("chain_id","contract_addr","kind");--> statement-breakpoint
CREATE INDEX "offers_offerer_idx" ON "offers" USING btree ("chain_id","offerer");--> statement-breakpoint
CREATE INDEX "offers_coin_offerer_idx" ON "offers" USING btree ("chain_id","coin","offerer");--> statement-breakpoint
CREATE INDEX "offers_price_ref_idx" ON "offers" USING btree ("chain_id","price_ref" DESC NULLS LAST,"price_value" DESC NULLS LAST);