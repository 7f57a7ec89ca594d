// The offer answer (OfferVO): rows of queries.ts with coins, collection labels,
// item names and images and trait labels read once per page.
import { z } from 'zod';
import { formatUnits } from 'viem';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  OFFER_KIND,
  trimDecimal,
  type OfferKind,
  type OfferStatus,
  type OfferTraitVO,
  type OfferVO,
} from '@aiamarket/shared';
import type { AppDb } from '../../db/database.js';
import { attrCategories, attrValues, collectionProfiles, tokenMetadata } from '../../db/schema.js';
import { coinsOf, type CoinCatalog } from '../../chain/coins.js';
import { collectionLabels, tokenKey } from '../../read-models/order-view.js';
import { offerKindSchema as kindSchema } from '../../read-models/best-offer.js';
import { traitSetSizes, type OfferListRow } from './queries.js';

export const signedOfferSchema = z.object({
  offerer: z.string(),
  collection: z.string(),
  kind: kindSchema,
  erc1155: z.boolean(),
  identifier: z.string().describe('token id (item), Merkle root as a number (trait), 0'),
  units: z.string(),
  coin: z.string(),
  pricePerUnit: z.string(),
  start: z.string().describe('unix seconds'),
  end: z.string().describe('unix seconds (exclusive)'),
  salt: z.string(),
  counter: z.string(),
  signature: z.string(),
});

export const offerVoSchema = z.object({
  orderHash: z.string(),
  offersAddr: z.string().describe('the Offers contract the offer is signed for'),
  offerer: z.string(),
  contractAddr: z.string(),
  kind: kindSchema,
  erc1155: z.boolean(),
  tokenId: z.string().nullable().describe('item offers: the token; else null'),
  trait: z
    .object({
      categoryId: z.number().int(),
      category: z.string(),
      valueId: z.number().int(),
      value: z.string(),
      tokenCount: z.number().int().describe('tokens in the signed set'),
    })
    .nullable()
    .describe('trait offers: the attribute value the signed set was built from'),
  units: z.string().describe('units (ERC1155) or tokens (collection / trait offer) wanted'),
  filled: z.string(),
  remaining: z.string(),
  coin: z.string().describe('coin symbol (the wrapped AIA for offers made in AIA)'),
  moneyAddr: z.string(),
  coinDecimals: z.number().int(),
  price: z.string().describe('per unit, in the coin units'),
  priceWei: z.string().describe('per unit, in base units'),
  priceRef: z
    .string()
    .nullable()
    .describe(
      "per unit in the reference unit (AIA) at the coin's current rate; null without a rate",
    ),
  status: z
    .union(
      [0, 1, 2, 3, 4, 5, 6, 7].map((s) => z.literal(s)) as [
        z.ZodLiteral<OfferStatus>,
        ...z.ZodLiteral<OfferStatus>[],
      ],
    )
    .describe(
      '0 active, 1 filled, 2 cancelled, 3 unfunded, 4 expired, 5 not started, 6 held by the ' +
        'market, 7 ended: signed for an Offers contract a newer one replaced',
    ),
  startTime: z.string().describe('ISO 8601'),
  endTime: z.string().describe('ISO 8601'),
  createDate: z.string().describe('ISO 8601'),
  collectionName: z.string().nullable(),
  linkCollection: z.string().nullable(),
  name: z.string().nullable().describe("the item's name (item offers), else the collection's"),
  imageUrl: z.string().nullable().describe("the item's image (item offers), else the collection's"),
  signed: signedOfferSchema.describe('the offer as the contract takes it (acceptOffer)'),
}) satisfies z.ZodType<OfferVO>;

const iso = (d: Date) => d.toISOString();
const unixSeconds = (d: Date) => String(Math.floor(d.getTime() / 1000));

/** Turns offer rows into OfferVO (coins, labels, names and trait labels read per page). */
export async function offerViews(
  db: AppDb,
  catalog: CoinCatalog,
  chainId: number,
  rows: OfferListRow[],
): Promise<OfferVO[]> {
  if (!rows.length) return [];
  const itemRows = rows.filter((r) => r.tokenId !== null);
  const valueIds = [
    ...new Set(rows.flatMap((r) => (r.traitValueId === null ? [] : [r.traitValueId]))),
  ];
  const contracts = [...new Set(rows.map((r) => r.contractAddr))];
  const [coins, labels, sizes, traits, items, heads] = await Promise.all([
    coinsOf(
      catalog,
      rows.map((r) => r.coin),
    ),
    collectionLabels(db, chainId, contracts),
    traitSetSizes(
      db,
      chainId,
      rows.filter((r) => r.kind === OFFER_KIND.trait).map((r) => r.orderHash),
    ),
    valueIds.length
      ? db
          .select({
            valueId: attrValues.id,
            value: attrValues.value,
            categoryId: attrCategories.id,
            category: attrCategories.name,
          })
          .from(attrValues)
          .innerJoin(attrCategories, eq(attrCategories.id, attrValues.categoryId))
          .where(inArray(attrValues.id, valueIds))
      : Promise.resolve([]),
    itemRows.length
      ? db
          .select({
            contractAddr: tokenMetadata.contractAddr,
            tokenId: tokenMetadata.tokenId,
            name: tokenMetadata.name,
            imageUrl: tokenMetadata.imageUrl,
          })
          .from(tokenMetadata)
          .where(
            and(
              eq(tokenMetadata.chainId, chainId),
              sql`(${tokenMetadata.contractAddr}, ${tokenMetadata.tokenId}) in (${sql.join(
                itemRows.map((r) => sql`(${r.contractAddr}, ${r.tokenId}::numeric)`),
                sql`, `,
              )})`,
            ),
          )
      : Promise.resolve([]),
    db
      .select({
        contractAddr: collectionProfiles.contractAddr,
        headUrl: collectionProfiles.headUrl,
      })
      .from(collectionProfiles)
      .where(
        and(
          eq(collectionProfiles.chainId, chainId),
          inArray(collectionProfiles.contractAddr, contracts),
        ),
      ),
  ]);
  const traitById = new Map(traits.map((t) => [t.valueId, t]));
  const itemByKey = new Map(items.map((i) => [tokenKey(i.contractAddr, i.tokenId), i]));
  const headByContract = new Map(heads.map((h) => [h.contractAddr, h.headUrl]));
  return rows.map((r) => {
    const coin = coins.get(r.coin)!;
    const label = labels.get(r.contractAddr);
    const trait = r.traitValueId === null ? undefined : traitById.get(r.traitValueId);
    const traitVO: OfferTraitVO | null = trait
      ? { ...trait, tokenCount: sizes.get(r.orderHash) ?? 0 }
      : null;
    const item =
      r.tokenId === null ? undefined : itemByKey.get(tokenKey(r.contractAddr, r.tokenId));
    const remaining = BigInt(r.units) - BigInt(r.filled);
    return {
      orderHash: r.orderHash,
      offersAddr: r.offersAddr,
      offerer: r.offerer,
      contractAddr: r.contractAddr,
      kind: r.kind as OfferKind,
      erc1155: r.erc1155,
      tokenId: r.tokenId,
      trait: traitVO,
      units: r.units,
      filled: r.filled,
      remaining: String(remaining > 0n ? remaining : 0n),
      coin: coin.symbol,
      moneyAddr: r.coin,
      coinDecimals: coin.decimals,
      price: formatUnits(BigInt(r.pricePerUnit), coin.decimals),
      priceWei: r.pricePerUnit,
      priceRef: r.priceRef === null ? null : trimDecimal(r.priceRef),
      status: r.status as OfferStatus,
      startTime: iso(r.startTime),
      endTime: iso(r.endTime),
      createDate: iso(r.createdAt),
      collectionName: label?.name ?? null,
      linkCollection: label?.linkCollection ?? null,
      name: r.tokenId === null ? (label?.name ?? null) : (item?.name ?? null),
      imageUrl:
        r.tokenId === null
          ? (headByContract.get(r.contractAddr) ?? null)
          : (item?.imageUrl ?? null),
      signed: {
        offerer: r.offerer,
        collection: r.contractAddr,
        kind: r.kind as OfferKind,
        erc1155: r.erc1155,
        identifier: r.identifier,
        units: r.units,
        coin: r.coin,
        pricePerUnit: r.pricePerUnit,
        start: unixSeconds(r.startTime),
        end: unixSeconds(r.endTime),
        salt: r.salt,
        counter: r.counter,
        signature: r.signature,
      },
    };
  });
}
