CREATE TABLE "coin_decimals" (
	"chain_id" integer NOT NULL,
	"address" varchar(42) NOT NULL,
	"decimals" smallint NOT NULL,
	CONSTRAINT "coin_decimals_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
ALTER TABLE "market_events" ADD COLUMN "erc2981_rate" integer;--> statement-breakpoint
CREATE INDEX "market_events_contract_idx" ON "market_events" USING btree ("chain_id","contract_addr","kind");