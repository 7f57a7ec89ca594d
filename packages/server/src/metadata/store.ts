// Loading one token's metadata and storing it (with its attributes and its orders' name and
// image) under the indexer's order-items lock.
import { and, eq, sql } from 'drizzle-orm';
import type { PublicClient } from 'viem';
import type { AppDb } from '../db/database.js';
import { orders, tokenMetadata } from '../db/schema-chain.js';
import { writeTokenAttributes } from '../indexer/attributes.js';
import { lockOrderItems } from '../indexer/store.js';
import { fetchText } from './http-client.js';
import { MetadataError, type MetadataOptions } from './options.js';
import { parseMetadata, type ParsedMetadata } from './parse.js';
import { readTokenUri, resolveTokenUri } from './uri.js';

/** Reads, fetches and parses a token's metadata. */
export async function loadMetadata(
  chain: PublicClient,
  contract: `0x${string}`,
  contractType: string,
  tokenId: bigint,
  opts: MetadataOptions,
): Promise<{ tokenUri: string } & ParsedMetadata> {
  const tokenUri = await readTokenUri(chain, contract, contractType, tokenId);
  const target = resolveTokenUri(tokenUri, opts.ipfsGateway);
  const body = 'inline' in target ? target.inline : await fetchText(target.url, opts);
  if (Buffer.byteLength(body) > opts.maxBytes) {
    throw new MetadataError(`body larger than ${opts.maxBytes} bytes`, false);
  }
  return { tokenUri, ...parseMetadata(body) };
}

/**
 * Fetches and stores one token's metadata. On failure the row keeps what it had (status
 * 'error', the reason, a later attempt time) and nothing is thrown: one bad token never stops
 * the others. Returns the stored status.
 */
export async function refreshTokenMetadata(
  db: AppDb,
  chain: PublicClient,
  chainId: number,
  token: { contractAddr: string; contractType: string; tokenId: string },
  opts: MetadataOptions,
): Promise<'ok' | 'error'> {
  const key = {
    chainId,
    contractAddr: token.contractAddr.toLowerCase(),
    tokenId: token.tokenId,
  };
  const now = new Date();
  try {
    const m = await loadMetadata(
      chain,
      token.contractAddr as `0x${string}`,
      token.contractType,
      BigInt(token.tokenId),
      opts,
    );
    const values = {
      tokenUri: m.tokenUri,
      name: m.name,
      imageUrl: m.imageUrl,
      description: m.description,
      properties: m.properties,
      status: 'ok',
      error: null,
      attempts: 0,
      nextAttemptAt: null,
      fetchedAt: now,
    };
    // The metadata, the token's attributes and its orders' name and image change together.
    await db.transaction(async (tx) => {
      await lockOrderItems(tx);
      await tx
        .insert(tokenMetadata)
        .values({ ...key, ...values })
        .onConflictDoUpdate({
          target: [tokenMetadata.chainId, tokenMetadata.contractAddr, tokenMetadata.tokenId],
          set: values,
        });
      await writeTokenAttributes(tx, chainId, key.contractAddr, key.tokenId, m.properties);
      await tx
        .update(orders)
        .set({ name: m.name, imageUrl: m.imageUrl })
        .where(
          and(
            eq(orders.chainId, chainId),
            eq(orders.contractAddr, key.contractAddr),
            eq(orders.tokenId, key.tokenId),
          ),
        );
    });
    return 'ok';
  } catch (err) {
    const message = (err as Error).message.slice(0, 500);
    await db
      .insert(tokenMetadata)
      .values({
        ...key,
        status: 'error',
        error: message,
        attempts: 1,
        nextAttemptAt: new Date(now.getTime() + 60_000),
        fetchedAt: now,
      })
      .onConflictDoUpdate({
        target: [tokenMetadata.chainId, tokenMetadata.contractAddr, tokenMetadata.tokenId],
        set: {
          status: sql`case when ${tokenMetadata.status} = 'ok' then 'ok' else 'error' end`,
          error: message,
          attempts: sql`${tokenMetadata.attempts} + 1`,
          // Back-off: 1 min, 2, 4, ... up to a day.
          nextAttemptAt: sql`now() + least(interval '1 day', interval '1 minute' * power(2, ${tokenMetadata.attempts}))`,
          fetchedAt: now,
        },
      });
    return 'error';
  }
}

/** A stored token's metadata row, or undefined. */
export async function storedMetadata(
  db: AppDb,
  chainId: number,
  contractAddr: string,
  tokenId: string,
) {
  const rows = await db
    .select()
    .from(tokenMetadata)
    .where(
      and(
        eq(tokenMetadata.chainId, chainId),
        eq(tokenMetadata.contractAddr, contractAddr.toLowerCase()),
        eq(tokenMetadata.tokenId, tokenId),
      ),
    );
  return rows[0];
}

/**
 * The collection's type when the token is one the indexer has seen (a registered collection
 * with a transfer of that id), else null: refreshes on demand only touch real tokens.
 */
export async function knownToken(
  db: AppDb,
  chainId: number,
  contractAddr: string,
  tokenId: string,
): Promise<{ contractType: string } | null> {
  const rows = await db.execute(sql`
    select c.contract_type from collections c
    where c.chain_id = ${chainId} and c.address = ${contractAddr.toLowerCase()}
      and exists (select 1 from nft_transfers t where t.chain_id = ${chainId}
        and t.contract_addr = c.address and t.token_id = ${tokenId}::numeric)`);
  const row = (rows as unknown as { rows: { contract_type: string }[] }).rows[0];
  return row ? { contractType: row.contract_type } : null;
}
