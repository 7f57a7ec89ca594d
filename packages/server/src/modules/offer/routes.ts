import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OFFER_LIMITS, type ErrorName } from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import { CoinCatalog } from '../../chain/coins.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { pageOf, postWithData } from '../../http/paging.js';
import { perMinute, perSignerOrder } from '../../http/rate-limit.js';
import {
  accountOffersInput,
  collectionOffersInput,
  itemOffersInput,
  offerCreateInput,
  proofInput,
  traitSetInput,
} from './input.js';
import { offerService } from './service.js';
import { offerVoSchema } from './view.js';

const createErrors: ErrorName[] = [
  'offersUnavailable',
  'offerSignatureInvalid',
  'offerCounterStale',
  'offerCoinNotAllowed',
  'offerPriceInvalid',
  'offerUnitsInvalid',
  'offerTimeInvalid',
  'offerCollectionUnknown',
  'offerTokenUnknown',
  'offerTraitUnknown',
  'offerTraitSetChanged',
  'offerTraitSetTooLarge',
  'offerNotFunded',
  'offerOpenLimit',
  'chainUnavailable',
];

const traitSetSchema = z.object({
  valueId: z.number().int(),
  tokenIds: z.array(z.string()).describe('ascending'),
  root: z.string().describe("hex Merkle root; a trait offer's identifier is its integer value"),
});

/** Offers: signed off-chain, stored here, accepted on the Offers contract. */
export function offerRoutes(
  ctx: ServerContext,
  coins = new CoinCatalog(ctx.chain),
): FastifyPluginAsyncZod {
  const offers = offerService(ctx, coins);
  const limits = ctx.config.rateLimit;
  const maxOpen = ctx.config.maxOpenPerSigner;
  // Hashing a large set is once per set (trait-sets.ts); these limit the reads around it.
  const traitReadLimit = perMinute(limits.traitPerMinute ?? 120);
  const perOfferer = perSignerOrder('offer/create', limits);

  return async (app) => {
    app.route({
      method: 'POST',
      url: '/offer/create',
      // One signature check and four chain reads per call: limited like sign-in, per client
      // and per offerer.
      config: { rateLimit: perMinute(limits.authPerMinute), errors: createErrors },
      schema: {
        tags: ['offer'],
        summary: 'Stores a signed offer (item, collection or trait) after checking it',
        description:
          'No session: the EIP-712 signature (domain: this chain and its Offers contract) ' +
          'authenticates the offerer (an EOA with a low-s signature, or an EIP-1271 wallet). ' +
          'Refused with its own code, storing nothing: signature (10023), counter not the ' +
          "offerer's current counterOf (10024), coin not allowed by the market (10025), price " +
          '0 (10026), units 0 or an ERC721 item offer for more than 1 (10027), end not in the ' +
          `future, start not before end, or end more than ${OFFER_LIMITS.maxDurationDays} days ` +
          'away (10028), collection not followed or of the other standard (10029), item offer ' +
          'on a token the index does not know (10030), trait offer without a value of the ' +
          'collection (10031), trait set changed since it was read from offer/traitSet ' +
          `(10032), more than ${OFFER_LIMITS.maxTraitTokens} tokens (10033), balance or ` +
          'allowance to the Offers contract (read now) below units x price (10034), the ' +
          `offerer already has ${maxOpen.offers} open (not filled, cancelled or expired) ` +
          'offers (10050). An offer already stored (same order hash) answers the stored one. ' +
          'Limited per client and per offerer (429, 10007).',
        body: offerCreateInput,
        response: { 200: envelopeOf(offerVoSchema) },
      },
      handler: async (request) =>
        ok(await offers.create(request.body, (offerer) => perOfferer(request, offerer))),
    });

    app.route({
      ...postWithData,
      url: '/offer/traitSet',
      config: { rateLimit: traitReadLimit, errors: ['offerTraitUnknown', 'offerTraitSetTooLarge'] },
      schema: {
        tags: ['offer'],
        summary:
          "The tokens having an attribute value, and their Merkle root (a trait offer's set)",
        description:
          'Sign a trait offer with identifier = the root as an integer and send valueId as ' +
          `traitValueId; at most ${OFFER_LIMITS.maxTraitTokens} tokens (10033); a value that ` +
          'is not one of the collection or that no token has is 10031. A set is hashed once ' +
          'and kept; limited per client (429, 10007).',
        body: traitSetInput,
        response: { 200: envelopeOf(traitSetSchema) },
      },
      handler: async (request) => {
        const { valueId } = request.body;
        const contractAddr = request.body.contractAddr.toLowerCase();
        const { tokenIds, set } = await offers.traitSet(contractAddr, valueId);
        return ok({ valueId, tokenIds, root: set.root });
      },
    });

    app.route({
      ...postWithData,
      url: '/offer/proof',
      config: { rateLimit: traitReadLimit, errors: ['notFound', 'offerTokenNotInSet'] },
      schema: {
        tags: ['offer'],
        summary: 'The Merkle proof of a token for a trait offer (acceptOffer takes it)',
        description:
          'Item and collection offers take an empty proof. A token outside the signed set is ' +
          '10035; an unknown order hash 10004. Read from the stored tree of the set; limited ' +
          'per client (429, 10007).',
        body: proofInput,
        response: { 200: envelopeOf(z.object({ proof: z.array(z.string()) })) },
      },
      handler: async (request) => {
        const orderHash = request.body.orderHash.toLowerCase();
        const tokenId = BigInt(request.body.tokenId).toString();
        return ok({ proof: await offers.proof(orderHash, tokenId) });
      },
    });

    app.route({
      ...postWithData,
      url: '/offer/itemList',
      schema: {
        tags: ['offer'],
        summary: 'The active offers an item can accept, best first (size 20)',
        description:
          'Item offers on the token, collection offers and trait offers whose signed set holds ' +
          'it, status 0 only. Best first: reference price (AIA) high to low, then the coin ' +
          'price, then the older offer; offers in a coin without a rate come after.',
        body: itemOffersInput,
        response: { 200: envelopeOf(pageOf(offerVoSchema)) },
      },
      handler: async (request) => {
        const { contractAddr, tokenId, page, size } = request.body;
        return ok(await offers.forItem(contractAddr.toLowerCase(), tokenId, { page, size }));
      },
    });

    app.route({
      ...postWithData,
      url: '/offer/collectionList',
      schema: {
        tags: ['offer'],
        summary: "A collection's active offers, best first; `kind` keeps one kind (size 20)",
        body: collectionOffersInput,
        response: { 200: envelopeOf(pageOf(offerVoSchema)) },
      },
      handler: async (request) => {
        const { contractAddr, kind, page, size } = request.body;
        return ok(await offers.forCollection(contractAddr.toLowerCase(), kind, { page, size }));
      },
    });

    app.route({
      ...postWithData,
      url: '/offer/made',
      schema: {
        tags: ['offer'],
        summary: 'The offers an address made, newest first, every status (size 20)',
        description:
          '`status` says why an offer cannot be accepted now (1 filled, 2 cancelled, 3 ' +
          'unfunded, 4 expired, 5 not started); `active` true keeps status 0 only.',
        body: accountOffersInput,
        response: { 200: envelopeOf(pageOf(offerVoSchema)) },
      },
      handler: async (request) => {
        const { address, active, page, size } = request.body;
        return ok(await offers.madeBy(address.toLowerCase(), active ?? false, { page, size }));
      },
    });

    app.route({
      ...postWithData,
      url: '/offer/received',
      schema: {
        tags: ['offer'],
        summary: "Active offers of others that the address's held items can accept, best first",
        description:
          'An offer counts once even when several held items can accept it (size 20; ' +
          '`active` is ignored: only status 0).',
        body: accountOffersInput,
        response: { 200: envelopeOf(pageOf(offerVoSchema)) },
      },
      handler: async (request) => {
        const { address, page, size } = request.body;
        return ok(await offers.receivedBy(address.toLowerCase(), { page, size }));
      },
    });
  };
}
