-- The change feed and the webhooks of the live stream; the feed's staging tables are 0019, the
-- functions and triggers that fill it drizzle/repeatable/change_feed.sql.
CREATE TABLE "change_feed" (
	"id" bigint PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"op" varchar(8) NOT NULL,
	"topics" text[] NOT NULL,
	"data" jsonb NOT NULL,
	"block_number" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"event_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"status" integer,
	"error" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"topics" text[] NOT NULL,
	"secret" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"cursor" bigint NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "change_feed_created_idx" ON "change_feed" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_sub_idx" ON "webhook_deliveries" USING btree ("subscription_id","event_id");