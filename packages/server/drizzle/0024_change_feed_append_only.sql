-- Activities are facts: a range inserts them once and only a reorg's rollback deletes them (in a
-- transaction of its own), never an update. Their feed events need no pairing: each inserted row
-- is an 'insert' event. They are staged apart (no key, no before/after) and numbered with the
-- paired rows at commit, in staging order as before. On a 60,000-event back-fill the activities'
-- events were about 1 s of PostgreSQL's 3.7 s and 2.3 s of PGlite's 11 s, half of it their
-- grouping and self-join at commit. The staging and the flush that use this table are
-- drizzle/repeatable/change_feed.sql's.
CREATE UNLOGGED TABLE "change_feed_append" (
	"txid" bigint NOT NULL,
	"seq" bigint NOT NULL,
	"tbl" text NOT NULL,
	"chain_id" integer NOT NULL,
	"data" json NOT NULL,
	"topics" text[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "change_feed_append_txid_idx" ON "change_feed_append" ("txid");
