-- A collection's history (transaction/page without tokenId) is read newest first: this index
-- serves the order and the limit directly instead of sorting every row of the collection.
CREATE INDEX IF NOT EXISTS "activities_contract_recent_idx" ON "activities" ("chain_id", "contract_addr", "block_number" DESC, "log_index" DESC, "sub_index" DESC);
