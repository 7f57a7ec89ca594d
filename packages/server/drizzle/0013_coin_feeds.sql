-- An on-chain price feed per payment coin (config rate <coin> --aggregator <feed>): the indexer
-- reads it at each sale's block and keeps listings at its latest answer.
CREATE TABLE "coin_feeds" (
	"chain_id" integer NOT NULL,
	"coin" varchar(42) NOT NULL,
	"feed" varchar(42) NOT NULL,
	CONSTRAINT "coin_feeds_chain_id_coin_pk" PRIMARY KEY("chain_id","coin")
);
