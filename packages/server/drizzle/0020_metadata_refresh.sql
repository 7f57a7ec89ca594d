CREATE TABLE "metadata_refresh" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"contract_addr" varchar(42) NOT NULL,
	"from_id" numeric(78, 0) NOT NULL,
	"to_id" numeric(78, 0) NOT NULL,
	"block_number" bigint NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "metadata_refresh_due_idx" ON "metadata_refresh" USING btree ("chain_id","due_at") WHERE "metadata_refresh"."done_at" is null;--> statement-breakpoint
CREATE INDEX "metadata_refresh_block_idx" ON "metadata_refresh" USING btree ("chain_id","block_number");