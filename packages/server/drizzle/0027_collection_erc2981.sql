ALTER TABLE "collections" ADD COLUMN "erc2981_rate" integer;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "erc2981_receiver" varchar(42);