// Metadata that changes: ERC-4906 MetadataUpdate / BatchMetadataUpdate and the ERC1155
// URI event ask for a refresh of the tokens they name. The range transaction only records the
// request (metadata_refresh); the worker loop (src/metadata/refresh-queue.ts) fetches the tokens
// outside it (HTTP has no place in a range's transaction) and stores them through the usual metadata store, whose token_metadata
// upsert reaches open pages through the change feed. See README.md, "Metadata that changes".
import { sql } from 'drizzle-orm';
import { toEventSelector, type Log } from 'viem';
import { decodeLog } from '../../../chain/event-decoder.js';
import { gameItems1155Abi, gameItems721Abi } from '@aiamarket/shared/abis';
import type { Tx } from '../../../db/database.js';
import { metadataRefresh } from '../../../db/schema-metadata-refresh.js';

/** The token ids an event says changed (one id: fromId = toId). */
export interface MetadataUpdateEvent {
  fromId: bigint;
  toId: bigint;
}

/** A refresh request as the range writes it. */
export interface MetadataRefreshRow {
  contractAddr: string;
  fromId: string;
  toId: string;
  blockNumber: number;
}

// The standard signatures, so any collection's events count, not only the demo contracts'.
const METADATA_UPDATE = toEventSelector('MetadataUpdate(uint256)');
const BATCH_METADATA_UPDATE = toEventSelector('BatchMetadataUpdate(uint256,uint256)');
const URI = toEventSelector('URI(string,uint256)');

/**
 * The refresh a collection's log asks for, or null for any other log. Checks the topic first:
 * most collection logs are transfers, and they pay one comparison only.
 */
export function decodeMetadataUpdate(log: Log): MetadataUpdateEvent | null {
  const topic = log.topics[0];
  // decodeLog answers null for the same topic in another layout (e.g. indexed arguments): not
  // the standard event.
  if (topic === METADATA_UPDATE || topic === BATCH_METADATA_UPDATE) {
    const d = decodeLog(gameItems721Abi, log);
    if (d?.eventName === 'MetadataUpdate')
      return { fromId: d.args._tokenId, toId: d.args._tokenId };
    if (d?.eventName === 'BatchMetadataUpdate') {
      const { _fromTokenId: from, _toTokenId: to } = d.args;
      // A reversed range is read as the ids between the two ends.
      return from <= to ? { fromId: from, toId: to } : { fromId: to, toId: from };
    }
  } else if (topic === URI) {
    const d = decodeLog(gameItems1155Abi, log);
    if (d?.eventName === 'URI') return { fromId: d.args.id, toId: d.args.id };
  }
  return null;
}

/**
 * In the range's transaction: records the refreshes its events ask for. A huge batch stays one
 * row (the worker expands it to the ids the indexer has seen, so BatchMetadataUpdate(0, 2^256-1)
 * is a whole-collection refresh, never millions of rows).
 */
export async function requestMetadataRefresh(
  tx: Tx,
  chainId: number,
  rows: readonly MetadataRefreshRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const unique = new Map<string, MetadataRefreshRow>();
  for (const r of rows) unique.set(`${r.contractAddr}|${r.fromId}|${r.toId}`, r);
  const values = [...unique.values()].map((r) => ({ chainId, ...r }));
  for (let i = 0; i < values.length; i += 1_000) {
    await tx.insert(metadataRefresh).values(values.slice(i, i + 1_000));
  }
}

/**
 * In a rollback's transaction: the requests of the removed blocks are asked again at the fork
 * point. A refresh already done may have read a token URI the canonical chain never set; the
 * new request reads the canonical one (and a request not done yet is still done once).
 */
export async function requeueRolledBackRefreshes(
  tx: Tx,
  chainId: number,
  forkBlock: number,
): Promise<void> {
  await tx.execute(sql`
    with gone as (
      delete from metadata_refresh
      where chain_id = ${chainId} and block_number > ${forkBlock}
      returning contract_addr, from_id, to_id)
    insert into metadata_refresh (chain_id, contract_addr, from_id, to_id, block_number)
    select distinct ${chainId}::integer, contract_addr, from_id, to_id, ${forkBlock}::bigint
    from gone`);
}
