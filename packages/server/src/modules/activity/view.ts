import { z } from 'zod';
import { toReference, type ActivityVO } from '@aiamarket/shared';
import type { ActivityRow } from './queries.js';
import type { CoinInfo } from '../../chain/coins.js';
import { toCoinUnits } from '../../chain/coins.js';

export const activityVOSchema = z.object({
  method: z.number().int().describe('ACTIVITY_METHOD code'),
  price: z.string().nullable().describe('unit price in coin units (market methods)'),
  coin: z.string().nullable().describe('coin symbol (AIA for the native coin)'),
  priceRef: z
    .string()
    .nullable()
    .describe(
      'trades: the unit price in the reference unit at the rate stored with the sale (AIA); ' +
        'null for other methods or a coin without a rate',
    ),
  amount: z.string(),
  fromAddr: z.string(),
  toAddr: z.string().nullable(),
  fromName: z.string().nullable().describe("sender's username"),
  toName: z.string().nullable().describe("receiver's username"),
  createDate: z.string().describe('ISO 8601 block time'),
  txHash: z.string(),
  tokenId: z.string(),
  contractAddr: z.string(),
  imageUrl: z.string().nullable(),
  nmName: z.string().nullable().describe('item name'),
  collectionName: z.string().nullable(),
  linkCollection: z.string().nullable(),
}) satisfies z.ZodType<ActivityVO>;

export function toActivityVO(row: ActivityRow, coins: Map<string, CoinInfo>): ActivityVO {
  const coin = row.coin ? coins.get(row.coin) : undefined;
  const price = row.price !== null && coin ? toCoinUnits(row.price, coin.decimals) : null;
  return {
    method: row.method,
    price,
    coin: coin?.symbol ?? null,
    priceRef: price !== null && row.refRate !== null ? toReference(price, row.refRate) : null,
    amount: row.amount,
    fromAddr: row.fromAddr,
    toAddr: row.toAddr,
    fromName: row.fromName,
    toName: row.toName,
    createDate: row.blockTime.toISOString(),
    txHash: row.txHash,
    tokenId: row.tokenId,
    contractAddr: row.contractAddr,
    imageUrl: row.imageUrl,
    nmName: row.nmName,
    collectionName: row.collectionName,
    linkCollection: row.linkCollection,
  };
}
