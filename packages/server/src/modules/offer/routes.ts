import { z } from 'zod';
import { formatUnits, getAddress, hexToBigInt, type Address, type Hex } from 'viem';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  CONTRACT_TYPE,
  ERRORS,
  formatErrorMessage,
  OFFER_KIND,
  OFFER_LIMITS,
  toReference,
  type ErrorName,
  type SignedOfferFields,
} from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import { CoinCatalog } from '../../chain/coins.js';
import { isChainUnreachable } from '../../chain/errors.js';
import { currentRateOf } from '../../db/coin-rates.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { liftDataHook, pageOf, paged } from '../../http/paging.js';
import { perMinute, perSignerPerMinute } from '../../http/rate-limit.js';
import { isOfferSignatureValid, orderHashOf, readOffererState } from './chain.js';
import {
  accountOffersInput,
  collectionOffersInput,
  itemOffersInput,
  offerCreateInput,
  proofInput,
  traitSetInput,
  type OfferCreateInput,
} from './input.js';
import {
  bestFirst,
  collectionOffersWhere,
  collectionTypeOf,
  findOffer,
  itemOffersWhere,
  madeOffersWhere,
  newestFirst,
  offerPage,
  receivedOffersWhere,
  storeOffer,
  tokenExists,
  traitTokens,
  type OfferListRow,
} from './queries.js';
import { ensureTraitSet, storedProof, traitSetOfOffer } from './trait-sets.js';
import { offerViews, offerVoSchema } from './view.js';

const DAY_SECONDS = 86_400n;

const refuse = (name: ErrorName, params?: Record<string, string | number>) =>
  new ApiError(ERRORS[name], formatErrorMessage(ERRORS[name].message, params));

/** The signed fields as the contract types them (addresses lowercased, integers as bigint). */
function signedFields(offer: OfferCreateInput['offer']): SignedOfferFields {
  return {
    offerer: offer.offerer.toLowerCase() as Address,
    collection: offer.collection.toLowerCase() as Address,
    kind: offer.kind,
    erc1155: offer.erc1155,
    identifier: BigInt(offer.identifier),
    units: BigInt(offer.units),
    coin: offer.coin.toLowerCase() as Address,
    pricePerUnit: BigInt(offer.pricePerUnit),
    start: BigInt(offer.start),
    end: BigInt(offer.end),
    salt: BigInt(offer.salt),
    counter: BigInt(offer.counter),
  };
}

/** Chain failures inside a check are a 503, not a refusal of the offer. */
async function onChain<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (isChainUnreachable(err)) throw new ApiError(ERRORS.chainUnavailable);
    throw err;
  }
}

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

/** Offers (issue 17): signed off-chain, stored here, accepted on the Offers contract. */
export function offerRoutes(
  ctx: ServerContext,
  coins = new CoinCatalog(ctx.chain),
): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const chainId = ctx.config.chainId;
  const deployed = (name: string) => ctx.deployment?.contracts[name]?.address.toLowerCase();

  async function views(rows: OfferListRow[]) {
    return offerViews(db, coins, chainId, rows);
  }

  const limits = ctx.config.rateLimit;
  const maxOpen = ctx.config.maxOpenPerSigner;
  // Hashing a large set is once per set (trait-sets.ts); these limit the reads around it.
  const traitReadLimit = perMinute(limits.traitPerMinute ?? 120);
  const perOfferer = perSignerPerMinute(
    'offer/create',
    () => limits.signerPerMinute ?? limits.authPerMinute,
  );

  /**
   * The trait set the server rebuilds for a value of a collection, checked against the limits,
   * and its stored (shared) set, stored now when it is new.
   */
  async function traitSetOf(contractAddr: string, valueId: number) {
    const tokenIds = await traitTokens(db, chainId, contractAddr, valueId);
    if (!tokenIds?.length) throw refuse('offerTraitUnknown');
    if (tokenIds.length > OFFER_LIMITS.maxTraitTokens) {
      throw refuse('offerTraitSetTooLarge', { max: OFFER_LIMITS.maxTraitTokens });
    }
    return { tokenIds, set: await ensureTraitSet(db, chainId, contractAddr, tokenIds) };
  }

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
      handler: async (request) => {
        const offersAddr = deployed('Offers');
        if (!offersAddr) throw refuse('offersUnavailable');
        const input = request.body;
        const offer = signedFields(input.offer);
        const signature = input.signature.toLowerCase() as Hex;

        if (offer.pricePerUnit === 0n) throw refuse('offerPriceInvalid');
        const itemOffer = offer.kind === OFFER_KIND.item;
        if (offer.units === 0n || (itemOffer && !offer.erc1155 && offer.units !== 1n)) {
          throw refuse('offerUnitsInvalid');
        }
        if (offer.kind === OFFER_KIND.collection && offer.identifier !== 0n) {
          throw new ApiError(ERRORS.badRequest, 'A collection offer has identifier 0');
        }
        if ((offer.kind === OFFER_KIND.trait) !== (input.traitValueId !== undefined)) {
          throw new ApiError(
            ERRORS.badRequest,
            'traitValueId is required for a trait offer and only for one',
          );
        }
        const now = BigInt(Math.floor(Date.now() / 1000));
        const maxDays = OFFER_LIMITS.maxDurationDays;
        if (
          offer.end <= now ||
          offer.start >= offer.end ||
          offer.end - now > BigInt(maxDays) * DAY_SECONDS
        ) {
          throw refuse('offerTimeInvalid', { days: maxDays });
        }

        const orderHash = orderHashOf(chainId, getAddress(offersAddr), offer);
        const stored = await findOffer(db, chainId, orderHash);
        if (stored) return ok((await views([stored]))[0]!);

        const valid = await onChain(() =>
          isOfferSignatureValid(ctx.chain, chainId, getAddress(offersAddr), offer, signature),
        );
        if (!valid) throw refuse('offerSignatureInvalid');
        await perOfferer(request, offer.offerer);

        const contractType = await collectionTypeOf(db, chainId, offer.collection);
        const expectedType = offer.erc1155 ? CONTRACT_TYPE.erc1155 : CONTRACT_TYPE.erc721;
        if (contractType !== expectedType) throw refuse('offerCollectionUnknown');
        const tokenId = itemOffer ? offer.identifier.toString() : null;
        if (tokenId !== null && !(await tokenExists(db, chainId, offer.collection, tokenId))) {
          throw refuse('offerTokenUnknown');
        }
        if (input.traitValueId !== undefined) {
          const { set } = await traitSetOf(offer.collection, input.traitValueId);
          if (hexToBigInt(set.root) !== offer.identifier) throw refuse('offerTraitSetChanged');
        }

        const state = await readOffererState(
          ctx.chain,
          getAddress(offersAddr),
          offer.offerer,
          offer.coin,
        );
        if (state.counter !== offer.counter) throw refuse('offerCounterStale');
        if (!state.coinAllowed) throw refuse('offerCoinNotAllowed');
        const total = offer.units * offer.pricePerUnit;
        if (state.balance < total || state.allowance < total) throw refuse('offerNotFunded');

        const coin = await coins.coin(offer.coin).catch((err: unknown) => {
          if (isChainUnreachable(err)) throw new ApiError(ERRORS.chainUnavailable);
          throw refuse('offerCoinNotAllowed');
        });
        // numeric(78, 18): a coin with more decimals keeps 18 of them for sorting.
        const priceValue = formatUnits(offer.pricePerUnit, coin.decimals);
        const rate = await currentRateOf(db, chainId, offer.coin);
        const priceRef = rate === null ? null : toReference(priceValue, rate);
        const storedNow = await storeOffer(
          db,
          {
            chainId,
            offersAddr,
            orderHash,
            offerer: offer.offerer,
            contractAddr: offer.collection,
            kind: offer.kind,
            erc1155: offer.erc1155,
            identifier: offer.identifier.toString(),
            tokenId,
            traitValueId: input.traitValueId ?? null,
            units: offer.units.toString(),
            coin: offer.coin,
            pricePerUnit: offer.pricePerUnit.toString(),
            priceValue,
            priceRef,
            startTime: new Date(Number(offer.start) * 1000),
            endTime: new Date(Number(offer.end) * 1000),
            salt: offer.salt.toString(),
            counter: offer.counter.toString(),
            signature,
          },
          maxOpen.offers,
        );
        if (!storedNow) throw refuse('offerOpenLimit', { max: maxOpen.offers });
        const row = await findOffer(db, chainId, orderHash);
        return ok((await views([row!]))[0]!);
      },
    });

    app.route({
      method: 'POST',
      url: '/offer/traitSet',
      preValidation: liftDataHook,
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
        const { tokenIds, set } = await traitSetOf(
          request.body.contractAddr.toLowerCase(),
          valueId,
        );
        return ok({ valueId, tokenIds, root: set.root });
      },
    });

    app.route({
      method: 'POST',
      url: '/offer/proof',
      preValidation: liftDataHook,
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
        const offer = await findOffer(db, chainId, orderHash);
        if (!offer) throw new ApiError(ERRORS.notFound, 'No such offer');
        if (offer.kind !== OFFER_KIND.trait) return ok({ proof: [] });
        const set = await traitSetOfOffer(db, chainId, offer.contractAddr, offer.identifier);
        const proof = set ? await storedProof(db, set, tokenId) : null;
        if (!proof) throw refuse('offerTokenNotInSet');
        return ok({ proof });
      },
    });

    app.route({
      method: 'POST',
      url: '/offer/itemList',
      preValidation: liftDataHook,
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
        const { tokenId, page, size } = request.body;
        const where = itemOffersWhere(chainId, request.body.contractAddr.toLowerCase(), tokenId);
        const { rows, total } = await offerPage(db, where, bestFirst, page, size);
        return ok(paged(await views(rows), total, page, size));
      },
    });

    app.route({
      method: 'POST',
      url: '/offer/collectionList',
      preValidation: liftDataHook,
      schema: {
        tags: ['offer'],
        summary: "A collection's active offers, best first; `kind` keeps one kind (size 20)",
        body: collectionOffersInput,
        response: { 200: envelopeOf(pageOf(offerVoSchema)) },
      },
      handler: async (request) => {
        const { kind, page, size } = request.body;
        const where = collectionOffersWhere(chainId, request.body.contractAddr.toLowerCase(), kind);
        const { rows, total } = await offerPage(db, where, bestFirst, page, size);
        return ok(paged(await views(rows), total, page, size));
      },
    });

    app.route({
      method: 'POST',
      url: '/offer/made',
      preValidation: liftDataHook,
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
        const { active, page, size } = request.body;
        const where = madeOffersWhere(chainId, request.body.address.toLowerCase(), active ?? false);
        const { rows, total } = await offerPage(db, where, newestFirst, page, size);
        return ok(paged(await views(rows), total, page, size));
      },
    });

    app.route({
      method: 'POST',
      url: '/offer/received',
      preValidation: liftDataHook,
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
        const { page, size } = request.body;
        const where = receivedOffersWhere(chainId, request.body.address.toLowerCase());
        const { rows, total } = await offerPage(db, where, bestFirst, page, size);
        return ok(paged(await views(rows), total, page, size));
      },
    });
  };
}
