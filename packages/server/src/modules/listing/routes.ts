import { z } from 'zod';
import { formatUnits, getAddress, type Address, type Hex } from 'viem';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addDecimals,
  ApiError,
  CONTRACT_TYPE,
  ERRORS,
  formatErrorMessage,
  LISTING_LIMITS,
  listingOrderHash,
  listingTree,
  MAX_SWEEP,
  MAX_TREE_HEIGHT,
  sweepUnits,
  toReference,
  type ErrorName,
  type SignedListingFields,
  type SweepCoinTotalVO,
} from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import { CoinCatalog } from '../../chain/coins.js';
import { isChainUnreachable } from '../../chain/errors.js';
import { isTypedSignatureValid } from '../../chain/signature.js';
import { currentRateOf } from '../../db/coin-rates.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { orderViews, orderVoSchema } from '../../read-models/order-view.js';
import { liftDataHook } from '../../http/paging.js';
import { perMinute, perSignerPerMinute } from '../../http/rate-limit.js';
import { storeWithinListingsCap } from '../../db/signer-caps.js';
import { listingTypedData, readListingStates, retiredListingTreeTypedData } from './chain.js';
import {
  listingCreateInput,
  retiredListingsInput,
  sweepQuoteInput,
  type ListingCreateInput,
} from './input.js';
import {
  cheapestListings,
  collectionTypesOf,
  retiredListingsOf,
  storeListings,
} from './queries.js';

const DAY_SECONDS = 86_400n;

/** A refusal of the listing at `index` of the request (`data.index`). */
const refuse = (name: ErrorName, index: number, params?: Record<string, string | number>) =>
  new ApiError(ERRORS[name], formatErrorMessage(ERRORS[name].message, params)).withData({ index });

/** The signed fields as the contract types them (addresses lowercased, integers as bigint). */
function signedFields(l: ListingCreateInput['listings'][number]): SignedListingFields {
  return {
    seller: l.seller.toLowerCase() as Address,
    collection: l.collection.toLowerCase() as Address,
    erc1155: l.erc1155,
    tokenId: BigInt(l.tokenId),
    units: BigInt(l.units),
    coin: l.coin.toLowerCase() as Address,
    pricePerUnit: BigInt(l.pricePerUnit),
    start: BigInt(l.start),
    end: BigInt(l.end),
    salt: BigInt(l.salt),
    counter: BigInt(l.counter),
  };
}

/** Chain failures inside a check are a 503, not a refusal of the listing. */
async function onChain<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (isChainUnreachable(err)) throw new ApiError(ERRORS.chainUnavailable);
    throw err;
  }
}

const createErrors: ErrorName[] = [
  'listingsUnavailable',
  'listingSignatureInvalid',
  'listingTreeHashOnly',
  'listingCounterStale',
  'listingCoinNotAllowed',
  'listingPriceInvalid',
  'listingUnitsInvalid',
  'listingTimeInvalid',
  'listingCollectionUnknown',
  'listingNotHeld',
  'listingNotApproved',
  'listingOpenLimit',
  'chainUnavailable',
];

const sweepQuoteSchema = z.object({
  records: z.array(
    orderVoSchema.extend({
      units: z
        .string()
        .describe('units the sweep buys of this listing (all or part of leftAmount)'),
    }),
  ),
  totals: z.array(
    z.object({
      coin: z.string(),
      moneyAddr: z.string(),
      coinDecimals: z.number().int(),
      total: z.string().describe('coin units'),
      totalWei: z.string().describe('base units'),
    }),
  ),
  totalRef: z
    .string()
    .nullable()
    .describe('reference unit (AIA), exact; null when a quoted coin has no rate'),
});

/** Signed listings (issue 18): signed off-chain, stored here, bought on the Listings contract. */
export function listingRoutes(
  ctx: ServerContext,
  coins = new CoinCatalog(ctx.chain),
): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const chainId = ctx.config.chainId;
  const listingsAddrOf = () => ctx.deployment?.contracts['Listings']?.address.toLowerCase();
  const limits = ctx.config.rateLimit;
  const perSeller = perSignerPerMinute(
    'listing/create',
    () => limits.signerPerMinute ?? limits.authPerMinute,
  );

  return async (app) => {
    app.route({
      method: 'POST',
      url: '/listing/create',
      // Signature checks and one multicall per call: limited like sign-in.
      config: { rateLimit: perMinute(ctx.config.rateLimit.authPerMinute), errors: createErrors },
      schema: {
        tags: ['listing'],
        summary: `Stores signed listings (one, or up to ${LISTING_LIMITS.maxBulk} under one bulk signature)`,
        description:
          'No session: the EIP-712 signature (domain: this chain and its Listings contract) ' +
          "authenticates each listing's seller (an EOA with a low-s signature, or an EIP-1271 " +
          'wallet). `bulk` false: one listing signed as Listing; `bulk` true: one or more, each ' +
          'in its own coin, the signature over the typed tree BulkListing(Listing[2]..[2] tree) ' +
          'holding the listings themselves in the given order, padded to a power of two ' +
          `(height 1 to ${MAX_TREE_HEIGHT}; shared listingTree), so the wallet shows each. ` +
          'A signature over the retired ListingTree(root) is refused (10060). ' +
          'Every listing is checked; the first refused one ' +
          'answers its code with `data: { index }` and nothing is stored: price 0 (10040), ' +
          'units 0 or an ERC721 listing of more than 1 (10041), end not in the future, start ' +
          `not before end, or end more than ${LISTING_LIMITS.maxDurationDays} days away ` +
          '(10042), signature not by the seller (10037), collection not followed or of the ' +
          "other standard (10043), counter not the seller's counterOf (10038), coin not " +
          'allowed by the market (10039), the seller does not hold the units now (10044) or ' +
          'has not approved the Listings contract on the collection (10045), or the seller ' +
          'would have more open listings than the server allows (10051). Limited per client ' +
          'and per seller (429, 10007). Answers the ' +
          'order hashes in the order of the request; a listing already stored stays stored.',
        body: listingCreateInput,
        response: { 200: envelopeOf(z.object({ orderHashes: z.array(z.string()) })) },
      },
      handler: async (request) => {
        const listingsAddr = listingsAddrOf();
        if (!listingsAddr) throw new ApiError(ERRORS.listingsUnavailable);
        const verifying = getAddress(listingsAddr);
        const { bulk } = request.body;
        const signature = request.body.signature.toLowerCase() as Hex;
        const listings = request.body.listings.map(signedFields);

        const now = BigInt(Math.floor(Date.now() / 1000));
        const maxDays = LISTING_LIMITS.maxDurationDays;
        listings.forEach((l, i) => {
          if (l.pricePerUnit === 0n) throw refuse('listingPriceInvalid', i);
          if (l.units === 0n || (!l.erc1155 && l.units !== 1n)) {
            throw refuse('listingUnitsInvalid', i);
          }
          if (l.end <= now || l.start >= l.end || l.end - now > BigInt(maxDays) * DAY_SECONDS) {
            throw refuse('listingTimeInvalid', i, { days: maxDays });
          }
        });

        // Each seller signs once: the same digest checked for every listing of that seller.
        const tree = bulk ? listingTree(listings) : null;
        const typed = tree
          ? tree.typedData(chainId, verifying)
          : listingTypedData(chainId, verifying, listings[0]!);
        const validFor = new Map<string, Promise<boolean>>();
        for (const [i, l] of listings.entries()) {
          let valid = validFor.get(l.seller);
          if (!valid) {
            valid = onChain(() => isTypedSignatureValid(ctx.chain, l.seller, typed, signature));
            validFor.set(l.seller, valid);
          }
          if (await valid) continue;
          // A client still signing the bare root learns why, rather than "not the seller".
          const retired = tree && retiredListingTreeTypedData(chainId, verifying, listings);
          if (
            retired &&
            (await onChain(() => isTypedSignatureValid(ctx.chain, l.seller, retired, signature)))
          ) {
            throw refuse('listingTreeHashOnly', i);
          }
          throw refuse('listingSignatureInvalid', i);
        }
        for (const seller of validFor.keys()) await perSeller(request, seller);

        const types = await collectionTypesOf(
          db,
          chainId,
          listings.map((l) => l.collection),
        );
        listings.forEach((l, i) => {
          const expected = l.erc1155 ? CONTRACT_TYPE.erc1155 : CONTRACT_TYPE.erc721;
          if (types.get(l.collection) !== expected) throw refuse('listingCollectionUnknown', i);
        });

        const states = await readListingStates(ctx.chain, verifying, listings);
        states.forEach((s, i) => {
          if (s.counter !== listings[i]!.counter) throw refuse('listingCounterStale', i);
          if (!s.coinAllowed) throw refuse('listingCoinNotAllowed', i);
          if (!s.held) throw refuse('listingNotHeld', i);
          if (!s.approved) throw refuse('listingNotApproved', i);
        });

        const orderHashes = listings.map((l) => listingOrderHash(l, chainId, verifying));
        const seen = new Set<string>();
        const rows = listings.flatMap((l, i) => {
          const orderHash = orderHashes[i]!;
          // The same listing twice in one bulk is one listing.
          if (seen.has(orderHash)) return [];
          seen.add(orderHash);
          return [
            {
              chainId,
              listingsAddr,
              orderHash,
              seller: l.seller,
              contractAddr: l.collection,
              erc1155: l.erc1155,
              tokenId: l.tokenId.toString(),
              units: l.units.toString(),
              coin: l.coin,
              pricePerUnit: l.pricePerUnit.toString(),
              startTime: new Date(Number(l.start) * 1000),
              endTime: new Date(Number(l.end) * 1000),
              salt: l.salt.toString(),
              counter: l.counter.toString(),
              signature,
              root: tree?.root ?? null,
              proof: tree ? tree.proof(i) : [],
              treeIndex: tree ? i : 0,
            },
          ];
        });
        await storeWithinListingsCap(
          db,
          chainId,
          ctx.config.maxOpenPerSigner.listings,
          rows,
          storeListings,
        );
        return ok({ orderHashes });
      },
    });

    app.route({
      method: 'POST',
      url: '/listing/retired',
      preValidation: liftDataHook,
      schema: {
        tags: ['listing'],
        summary: "A seller's listings ended by a replaced Listings contract, to list again",
        description:
          'Signed listings whose Listings contract a newer one replaced (deployment `retired`): ' +
          'the market no longer fills them (status 3, hold 4) and they are in no list, floor, ' +
          'count or quote. Answers those still worth listing again as they were: not past ' +
          'their end, the units left still held by the seller, and not listed again on the ' +
          `current contract yet; oldest first, at most ${LISTING_LIMITS.maxBulk} (one bulk ` +
          'signature). `signed` carries the old terms (items, prices, coins, units, end).',
        body: retiredListingsInput,
        response: { 200: envelopeOf(z.object({ records: z.array(orderVoSchema) })) },
      },
      handler: async (request) => {
        const rows = await retiredListingsOf(db, chainId, request.body.seller.toLowerCase());
        return ok({ records: await orderViews(db, coins, chainId, rows) });
      },
    });

    app.route({
      method: 'POST',
      url: '/listing/sweepQuote',
      preValidation: liftDataHook,
      schema: {
        tags: ['listing'],
        summary: `The N (1-${MAX_SWEEP}) cheapest buyable units of a collection, with totals`,
        description:
          'Signed and on-chain market listings alike (a sweep buys both), status 0 and not ' +
          'past their end, cheapest first by the price in the reference unit (listings in a ' +
          "coin without a rate last), then the coin price; `buyer`'s own listings are left " +
          'out. `count` is units: each listing gives its leftAmount units until the count is ' +
          'reached, the last one only the units still missing (`units` of each record). ' +
          '`totals` per coin in coin and base units, `totalRef` the exact ' +
          "sum in the reference unit at each coin's current rate (null when a coin has none).",
        body: sweepQuoteInput,
        response: { 200: envelopeOf(sweepQuoteSchema) },
      },
      handler: async (request) => {
        const contractAddr = request.body.contractAddr.toLowerCase();
        const { count, buyer } = request.body;
        // Every listing has at least one unit left: `count` listings always hold `count` units.
        const rows = await cheapestListings(db, chainId, contractAddr, count, buyer?.toLowerCase());
        const views = await orderViews(db, coins, chainId, rows);
        const units = sweepUnits(
          views.map((r) => BigInt(r.leftAmount)),
          BigInt(count),
        );
        const records = views
          .map((r, i) => ({ ...r, units: units[i]!.toString() }))
          .filter((r) => r.units !== '0');
        const wei = new Map<string, bigint>();
        for (const r of records) {
          wei.set(r.moneyAddr, (wei.get(r.moneyAddr) ?? 0n) + BigInt(r.priceWei) * BigInt(r.units));
        }
        const totals: SweepCoinTotalVO[] = [];
        const refs: (string | null)[] = [];
        for (const [moneyAddr, totalWei] of wei) {
          const coin = records.find((r) => r.moneyAddr === moneyAddr)!;
          const total = formatUnits(totalWei, coin.coinDecimals);
          totals.push({
            coin: coin.coin,
            moneyAddr,
            coinDecimals: coin.coinDecimals,
            total,
            totalWei: totalWei.toString(),
          });
          const rate = await currentRateOf(db, chainId, moneyAddr);
          refs.push(rate === null ? null : toReference(total, rate));
        }
        const totalRef = refs.some((r) => r === null) ? null : addDecimals(refs as string[]);
        return ok({ records, totals, totalRef });
      },
    });
  };
}
