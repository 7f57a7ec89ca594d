CREATE TABLE "auth_nonces" (
	"nonce" varchar(64) PRIMARY KEY NOT NULL,
	"address" varchar(42) NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"cid" varchar(128) PRIMARY KEY NOT NULL,
	"content_type" varchar(64) NOT NULL,
	"size" integer NOT NULL,
	"purpose" varchar(32) NOT NULL,
	"uploaded_by" varchar(42) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_sessions" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"address" varchar(42) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_reason" varchar(16)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"address" varchar(42) NOT NULL,
	"username" varchar(64),
	"email" varchar(254),
	"bio" text,
	"avatar_url" varchar(512),
	"banner_url" varchar(512),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	CONSTRAINT "users_address_unique" UNIQUE("address"),
	CONSTRAINT "users_address_lower" CHECK ("users"."address" = lower("users"."address"))
);
--> statement-breakpoint
CREATE INDEX "auth_nonces_expires_at_idx" ON "auth_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "user_sessions_active_address_idx" ON "user_sessions" USING btree ("address") WHERE "user_sessions"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "user_sessions_expires_at_idx" ON "user_sessions" USING btree ("expires_at");