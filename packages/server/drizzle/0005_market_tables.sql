CREATE TABLE "attr_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"contract_addr" varchar(42) NOT NULL,
	"name" varchar(128) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attr_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"value" varchar(256) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_stats" (
	"chain_id" integer NOT NULL,
	"contract_addr" varchar(42) NOT NULL,
	"lowest_price" numeric(78, 18),
	"total_transaction" numeric(78, 18) NOT NULL,
	"total_trades" integer NOT NULL,
	"total_tokens" integer NOT NULL,
	"total_holder" integer NOT NULL,
	"total_order" integer NOT NULL,
	CONSTRAINT "collection_stats_chain_id_contract_addr_pk" PRIMARY KEY("chain_id","contract_addr")
);
--> statement-breakpoint
CREATE TABLE "collection_volume_hours" (
	"chain_id" integer NOT NULL,
	"contract_addr" varchar(42) NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"volume" numeric(78, 18) NOT NULL,
	"trades" integer NOT NULL,
	CONSTRAINT "collection_volume_hours_chain_id_contract_addr_hour_pk" PRIMARY KEY("chain_id","contract_addr","hour")
);
--> statement-breakpoint
CREATE TABLE "token_attributes" (
	"chain_id" integer NOT NULL,
	"contract_addr" varchar(42) NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"value_id" integer NOT NULL,
	CONSTRAINT "token_attributes_chain_id_contract_addr_token_id_value_id_pk" PRIMARY KEY("chain_id","contract_addr","token_id","value_id")
);
--> statement-breakpoint
CREATE TABLE "collection_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"contract_addr" varchar(42) NOT NULL,
	"link_collection" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"description" varchar(500),
	"head_url" varchar(512),
	"cover_url" varchar(512),
	"background_url" varchar(512),
	"royalty_rate" integer,
	"royalty_addr" varchar(42),
	"link_skypegmwcn" varchar(512),
	"link_twitter" varchar(512),
	"link_discord" varchar(512),
	"link_instagram" varchar(512),
	"link_medium" varchar(512),
	"create_addr" varchar(42),
	"owner_addr" varchar(42),
	"featured_rank" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_profiles_royalty_rate" CHECK ("collection_profiles"."royalty_rate" between 0 and 1000)
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"user_addr" varchar(42) NOT NULL,
	"chain_id" integer NOT NULL,
	"contract_addr" varchar(42) NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_user_addr_chain_id_contract_addr_token_id_pk" PRIMARY KEY("user_addr","chain_id","contract_addr","token_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "image_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "price_value" numeric(78, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "attr_values" ADD CONSTRAINT "attr_values_category_id_attr_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."attr_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_attributes" ADD CONSTRAINT "token_attributes_value_id_attr_values_id_fk" FOREIGN KEY ("value_id") REFERENCES "public"."attr_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attr_categories_name_idx" ON "attr_categories" USING btree ("chain_id","contract_addr","name");--> statement-breakpoint
CREATE UNIQUE INDEX "attr_values_value_idx" ON "attr_values" USING btree ("category_id","value");--> statement-breakpoint
CREATE INDEX "collection_volume_hours_hour_idx" ON "collection_volume_hours" USING btree ("chain_id","hour");--> statement-breakpoint
CREATE INDEX "token_attributes_value_idx" ON "token_attributes" USING btree ("value_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_profiles_contract_idx" ON "collection_profiles" USING btree ("chain_id","contract_addr");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_profiles_link_idx" ON "collection_profiles" USING btree (lower("link_collection"));--> statement-breakpoint
CREATE INDEX "collection_profiles_owner_idx" ON "collection_profiles" USING btree ("owner_addr");--> statement-breakpoint
CREATE INDEX "favourites_token_idx" ON "favourites" USING btree ("chain_id","contract_addr","token_id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("chain_id","status","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_price_idx" ON "orders" USING btree ("chain_id","status","price_value");--> statement-breakpoint
CREATE INDEX "orders_contract_price_idx" ON "orders" USING btree ("chain_id","contract_addr","status","price_value");