import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LISTING_LIMITS, MAX_SWEEP, MAX_TREE_HEIGHT, type ErrorName } from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import { CoinCatalog } from '../../chain/coins.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { orderVoSchema } from '../../read-models/order-view.js';
import { postWithData } from '../../http/paging.js';
import { perMinute, perSignerOrder } from '../../http/rate-limit.js';
import { listingCreateInput, retiredListingsInput, sweepQuoteInput } from './input.js';
import { listingService } from './service.js';

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

/** Signed listings: signed off-chain, stored here, bought on the Listings contract. */
export function listingRoutes(
  ctx: ServerContext,
  coins = new CoinCatalog(ctx.chain),
): FastifyPluginAsyncZod {
  const listings = listingService(ctx, coins);
  const perSeller = perSignerOrder('listing/create', ctx.config.rateLimit);

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
        const admitSeller = (seller: string) => perSeller(request, seller);
        return ok({ orderHashes: await listings.create(request.body, admitSeller) });
      },
    });

    app.route({
      ...postWithData,
      url: '/listing/retired',
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
        return ok({ records: await listings.retired(request.body.seller.toLowerCase()) });
      },
    });

    app.route({
      ...postWithData,
      url: '/listing/sweepQuote',
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
        const { contractAddr, count, buyer } = request.body;
        return ok(
          await listings.sweepQuote(contractAddr.toLowerCase(), count, buyer?.toLowerCase()),
        );
      },
    });
  };
}
