CREATE TABLE "article_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"names" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"titles" jsonb NOT NULL,
	"contents" jsonb NOT NULL,
	"read_count" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" smallint NOT NULL,
	"image_url" varchar(512) NOT NULL,
	"titles" jsonb NOT NULL,
	"article_id" integer,
	"activity_id" integer,
	"link_collection" varchar(128),
	"token_id" varchar(78),
	"contract_addr" varchar(42),
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_type_range" CHECK ("banners"."type" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "launchpad_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_addr" varchar(42) NOT NULL,
	"contract_type" varchar(8) NOT NULL,
	"token_id" varchar(78) DEFAULT '0' NOT NULL,
	"name" varchar(128) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover_url" varchar(512),
	"box_url" varchar(512),
	"head_url" varchar(512),
	"background_url" varchar(512),
	"project_desc" text DEFAULT '' NOT NULL,
	"link_collection" varchar(128),
	"link_skypegmwcn" varchar(512),
	"link_twitter" varchar(512),
	"link_discord" varchar(512),
	"link_instagram" varchar(512),
	"link_medium" varchar(512),
	"coins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "primary_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"names" jsonb NOT NULL,
	"remarks" jsonb NOT NULL,
	"cover_url" varchar(512) NOT NULL,
	"background_url" varchar(512),
	"price" varchar(80),
	"coin" varchar(16),
	"total_num" integer,
	"buy_url" varchar(512),
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "primary_activities_period" CHECK ("primary_activities"."end_at" > "primary_activities"."start_at")
);
--> statement-breakpoint
CREATE TABLE "primary_activity_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"blind_box_id" integer,
	"names" jsonb NOT NULL,
	"token_id" varchar(78),
	"contract_addr" varchar(42),
	"image_url" varchar(512) NOT NULL,
	"num" integer NOT NULL,
	"residue_num" integer NOT NULL,
	"price" varchar(80) NOT NULL,
	"coin" varchar(16),
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "primary_activity_items_residue" CHECK ("primary_activity_items"."residue_num" between 0 and "primary_activity_items"."num")
);
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_category_id_article_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."article_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "primary_activity_items" ADD CONSTRAINT "primary_activity_items_activity_id_primary_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."primary_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_category_idx" ON "articles" USING btree ("category_id","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "launchpad_projects_sale_idx" ON "launchpad_projects" USING btree ("contract_addr","token_id");--> statement-breakpoint
CREATE INDEX "primary_activities_list_idx" ON "primary_activities" USING btree ("type","sort","id");--> statement-breakpoint
CREATE INDEX "primary_activity_items_activity_idx" ON "primary_activity_items" USING btree ("activity_id","sort","id");