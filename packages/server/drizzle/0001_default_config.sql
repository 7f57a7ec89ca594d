-- The platform fee in percent shown before listing; it matches the marketplace contract's default.
INSERT INTO "app_config" ("name", "value") VALUES ('transaction_fee', '2.5') ON CONFLICT ("name") DO NOTHING;
