-- The change feed stages each changed row's final data instead of its text; the
-- staging functions and the flush that do it are drizzle/repeatable/change_feed.sql's. Before,
-- the staging triggers kept `row::text` and the flush at commit parsed it back into the table's
-- row type to build its jsonb and read its topics out of that jsonb: on PGlite that was 2.5 s of
-- a 60,000-event back-fill's 16 s. Now the statement triggers, which hold the typed rows already,
-- build the camelCase data (row_to_json over the columns, numeric ones as decimal strings: the
-- same fields as before) and the topics, and the flush only pairs, filters and numbers them.
-- `data` becomes json: it is written once and read whole, never queried by field, and jsonb cost
-- a parse of every row on the way in.
ALTER TABLE "change_feed" ALTER COLUMN "data" SET DATA TYPE json;
--> statement-breakpoint
-- Staged rows of open transactions (seq = order of staging): per changed row, whether it is the
-- row a statement wrote (is_after) or removed, and its feed fields. Recreated: it is empty
-- outside a transaction, and UNLOGGED (never needed after a crash).
DROP TABLE "change_feed_stage";
--> statement-breakpoint
CREATE UNLOGGED TABLE "change_feed_stage" (
	"txid" bigint NOT NULL,
	"seq" bigint NOT NULL,
	"tbl" text NOT NULL,
	"key" text NOT NULL,
	"is_after" boolean NOT NULL,
	"chain_id" integer NOT NULL,
	"data" json NOT NULL,
	"topics" text[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "change_feed_stage_txid_idx" ON "change_feed_stage" ("txid");
