-- Signed listings: rows stored by the API (listing/create), state columns kept by the
-- indexer; the Listings facts and the sellers' approvals it read; orders.kind / expires_at so a
-- signed listing is also an orders row.
CREATE TABLE "listing_approvals" (
	"chain_id" integer NOT NULL,
	"contract_addr" varchar(42) NOT NULL,
	"owner" varchar(42) NOT NULL,
	"operator" varchar(42) NOT NULL,
	"approved" boolean NOT NULL,
	"block_number" bigint NOT NULL,
	CONSTRAINT "listing_approvals_chain_id_contract_addr_owner_operator_pk" PRIMARY KEY("chain_id","contract_addr","owner","operator")
);
--> statement-breakpoint
CREATE TABLE "listing_events" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"tx_hash" varchar(66) NOT NULL,
	"log_index" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"listings_addr" varchar(42) NOT NULL,
	"account" varchar(42) NOT NULL,
	"order_hash" varchar(66),
	"item_id" numeric(78, 0),
	"units" numeric(78, 0),
	"filled" numeric(78, 0),
	"counter" numeric(78, 0),
	"block_time" timestamp with time zone NOT NULL,
	CONSTRAINT "listing_events_chain_id_tx_hash_log_index_pk" PRIMARY KEY("chain_id","tx_hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "signed_listings" (
	"chain_id" integer NOT NULL,
	"listings_addr" varchar(42) NOT NULL,
	"order_hash" varchar(66) NOT NULL,
	"seller" varchar(42) NOT NULL,
	"contract_addr" varchar(42) NOT NULL,
	"erc1155" boolean NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"units" numeric(78, 0) NOT NULL,
	"coin" varchar(42) NOT NULL,
	"price_per_unit" numeric(78, 0) NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"salt" numeric(78, 0) NOT NULL,
	"counter" numeric(78, 0) NOT NULL,
	"signature" text NOT NULL,
	"root" varchar(66),
	"proof" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"filled" numeric(78, 0) DEFAULT '0' NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"approved" boolean DEFAULT true NOT NULL,
	"state_block" bigint,
	CONSTRAINT "signed_listings_chain_id_order_hash_pk" PRIMARY KEY("chain_id","order_hash")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "listing_approvals_block_idx" ON "listing_approvals" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "listing_events_block_idx" ON "listing_events" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "listing_events_hash_idx" ON "listing_events" USING btree ("chain_id","order_hash");--> statement-breakpoint
CREATE INDEX "listing_events_account_idx" ON "listing_events" USING btree ("chain_id","account","kind");--> statement-breakpoint
CREATE INDEX "signed_listings_item_idx" ON "signed_listings" USING btree ("chain_id","contract_addr","token_id");--> statement-breakpoint
CREATE INDEX "signed_listings_seller_idx" ON "signed_listings" USING btree ("chain_id","seller");--> statement-breakpoint
CREATE INDEX "signed_listings_unseen_idx" ON "signed_listings" USING btree ("chain_id","listings_addr") WHERE "signed_listings"."state_block" is null;