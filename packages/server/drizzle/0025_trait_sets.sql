CREATE TABLE "trait_set_tokens" (
	"set_id" integer NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"leaf" integer NOT NULL,
	CONSTRAINT "trait_set_tokens_set_id_token_id_pk" PRIMARY KEY("set_id","token_id")
);
--> statement-breakpoint
CREATE TABLE "trait_sets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trait_sets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"contract_addr" varchar(42) NOT NULL,
	"root" numeric(78, 0) NOT NULL,
	"digest" varchar(64) NOT NULL,
	"token_count" integer NOT NULL,
	"nodes" "bytea",
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Trait sets are stored once per (chain, collection, root) instead of once per offer. Each
-- distinct root of the stored trait offers becomes one set, its tokens taken from one offer
-- that names it (every offer on a root signed the same tokens); its tree levels (nodes) are
-- built by the server at the set's first proof, SQL having no keccak.
ALTER TABLE "trait_sets" ALTER COLUMN "nodes" SET STORAGE EXTERNAL;--> statement-breakpoint
INSERT INTO "trait_sets" ("chain_id", "contract_addr", "root", "digest", "token_count")
SELECT o."chain_id", o."contract_addr", o."identifier",
  encode(sha256(convert_to(string_agg(t."token_id"::text, ',' ORDER BY t."token_id"), 'UTF8')), 'hex'),
  count(*)::int
FROM (
  SELECT DISTINCT ON ("chain_id", "contract_addr", "identifier") "chain_id", "contract_addr", "identifier", "order_hash"
  FROM "offers" WHERE "kind" = 2
  ORDER BY "chain_id", "contract_addr", "identifier", "order_hash"
) o
JOIN "offer_trait_tokens" t ON t."chain_id" = o."chain_id" AND t."order_hash" = o."order_hash"
GROUP BY o."chain_id", o."contract_addr", o."identifier"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "trait_set_tokens" ("set_id", "token_id", "leaf")
SELECT s."id", t."token_id", (row_number() OVER (PARTITION BY s."id" ORDER BY t."token_id") - 1)::int
FROM "trait_sets" s
JOIN LATERAL (
  SELECT "order_hash" FROM "offers" o
  WHERE o."chain_id" = s."chain_id" AND o."contract_addr" = s."contract_addr"
    AND o."kind" = 2 AND o."identifier" = s."root"
  ORDER BY "order_hash" LIMIT 1
) o ON true
JOIN "offer_trait_tokens" t ON t."chain_id" = s."chain_id" AND t."order_hash" = o."order_hash";--> statement-breakpoint
DROP TABLE "offer_trait_tokens" CASCADE;--> statement-breakpoint
ALTER TABLE "trait_set_tokens" ADD CONSTRAINT "trait_set_tokens_set_id_trait_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."trait_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trait_sets_root_idx" ON "trait_sets" USING btree ("chain_id","contract_addr","root");--> statement-breakpoint
CREATE UNIQUE INDEX "trait_sets_digest_idx" ON "trait_sets" USING btree ("chain_id","contract_addr","digest");