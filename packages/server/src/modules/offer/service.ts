// The rules of offers: what offer/create checks before it stores a signed offer (in the order a
// refusal is answered), the trait sets and proofs, and the lists. Routes parse and answer only.
import type { SQL } from 'drizzle-orm';
import { formatUnits, getAddress, hexToBigInt, type Hex } from 'viem';
import {
  ApiError,
  CONTRACT_TYPE,
  ERRORS,
  OFFER_KIND,
  OFFER_LIMITS,
  OFFER_TYPES,
  toReference,
  type OfferVO,
  type SignedOfferFields,
} from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import type { CoinCatalog } from '../../chain/coins.js';
import { isChainUnreachable } from '../../chain/errors.js';
import { currentRateOf } from '../../db/coin-rates.js';
import { paged } from '../../http/paging.js';
import { refusal } from '../../http/refusal.js';
import { signedFieldsOf } from '../../chain/signed-order/signed-fields.js';
import * as terms from '../../chain/signed-order/terms.js';
import { isOfferSignatureValid, orderHashOf, readOffererState } from './chain.js';
import type { OfferCreateInput } from './input.js';
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
import { offerViews } from './view.js';

export interface Paging {
  page: number;
  size: number;
}

/** The offers of one server: its database, chain, deployment and limits. */
export function offerService(ctx: ServerContext, coins: CoinCatalog) {
  const db = ctx.database.db;
  const chainId = ctx.config.chainId;
  const maxOpen = ctx.config.maxOpenPerSigner.offers;
  const offersAddrOf = () => ctx.deployment?.contracts['Offers']?.address.toLowerCase();

  const viewsOf = (rows: OfferListRow[]) => offerViews(db, coins, chainId, rows);

  async function viewOf(orderHash: string): Promise<OfferVO> {
    const row = await findOffer(db, chainId, orderHash);
    return (await viewsOf([row!]))[0]!;
  }

  async function list(where: SQL | undefined, order: SQL[], { page, size }: Paging) {
    const { rows, total } = await offerPage(db, where, order, page, size);
    return paged(await viewsOf(rows), total, page, size);
  }

  /**
   * The trait set the server rebuilds for a value of a collection, checked against the limits,
   * and its stored (shared) set, stored now when it is new.
   */
  async function traitSet(contractAddr: string, valueId: number) {
    const tokenIds = await traitTokens(db, chainId, contractAddr, valueId);
    if (!tokenIds?.length) throw refusal('offerTraitUnknown');
    if (tokenIds.length > OFFER_LIMITS.maxTraitTokens) {
      throw refusal('offerTraitSetTooLarge', { max: OFFER_LIMITS.maxTraitTokens });
    }
    return { tokenIds, set: await ensureTraitSet(db, chainId, contractAddr, tokenIds) };
  }

  /** The terms read before anything else: price, units, identifier, trait value, time window. */
  function checkTerms(offer: SignedOfferFields, traitValueId: number | undefined) {
    if (!terms.isPriceValid(offer.pricePerUnit)) throw refusal('offerPriceInvalid');
    const singleToken = offer.kind === OFFER_KIND.item && !offer.erc1155;
    if (!terms.areUnitsValid(offer.units, singleToken)) throw refusal('offerUnitsInvalid');
    if (offer.kind === OFFER_KIND.collection && offer.identifier !== 0n) {
      throw new ApiError(ERRORS.badRequest, 'A collection offer has identifier 0');
    }
    if ((offer.kind === OFFER_KIND.trait) !== (traitValueId !== undefined)) {
      throw new ApiError(
        ERRORS.badRequest,
        'traitValueId is required for a trait offer and only for one',
      );
    }
    const maxDays = OFFER_LIMITS.maxDurationDays;
    if (!terms.isTimeWindowValid(offer, maxDays, terms.nowSeconds())) {
      throw refusal('offerTimeInvalid', { days: maxDays });
    }
  }

  /** What the index knows: the collection and its standard, the token, the trait set. */
  async function checkIndexed(offer: SignedOfferFields, traitValueId: number | undefined) {
    const contractType = await collectionTypeOf(db, chainId, offer.collection);
    const expectedType = offer.erc1155 ? CONTRACT_TYPE.erc1155 : CONTRACT_TYPE.erc721;
    if (contractType !== expectedType) throw refusal('offerCollectionUnknown');
    const tokenId = offer.kind === OFFER_KIND.item ? offer.identifier.toString() : null;
    if (tokenId !== null && !(await tokenExists(db, chainId, offer.collection, tokenId))) {
      throw refusal('offerTokenUnknown');
    }
    if (traitValueId !== undefined) {
      const { set } = await traitSet(offer.collection, traitValueId);
      if (hexToBigInt(set.root) !== offer.identifier) throw refusal('offerTraitSetChanged');
    }
    return tokenId;
  }

  /** What the chain says now: the counter, the coin, the funds and their allowance. */
  async function checkChain(offersAddr: string, offer: SignedOfferFields) {
    const state = await readOffererState(
      ctx.chain,
      getAddress(offersAddr),
      offer.offerer,
      offer.coin,
    );
    if (state.counter !== offer.counter) throw refusal('offerCounterStale');
    if (!state.coinAllowed) throw refusal('offerCoinNotAllowed');
    const total = offer.units * offer.pricePerUnit;
    if (state.balance < total || state.allowance < total) throw refusal('offerNotFunded');
    return coins.coin(offer.coin).catch((err: unknown) => {
      if (isChainUnreachable(err)) throw err;
      throw refusal('offerCoinNotAllowed');
    });
  }

  /**
   * Checks a signed offer and stores it; an offer already stored answers the stored one.
   * `admitOfferer` runs once the signature names the offerer (the per-offerer rate limit).
   */
  async function create(
    input: OfferCreateInput,
    admitOfferer: (offerer: string) => Promise<void>,
  ): Promise<OfferVO> {
    const offersAddr = offersAddrOf();
    if (!offersAddr) throw refusal('offersUnavailable');
    const offer = signedFieldsOf<SignedOfferFields>(OFFER_TYPES.Offer, input.offer);
    const signature = input.signature.toLowerCase() as Hex;
    checkTerms(offer, input.traitValueId);

    const orderHash = orderHashOf(chainId, getAddress(offersAddr), offer);
    const stored = await findOffer(db, chainId, orderHash);
    if (stored) return (await viewsOf([stored]))[0]!;

    const valid = await isOfferSignatureValid(
      ctx.chain,
      chainId,
      getAddress(offersAddr),
      offer,
      signature,
    );
    if (!valid) throw refusal('offerSignatureInvalid');
    await admitOfferer(offer.offerer);

    const tokenId = await checkIndexed(offer, input.traitValueId);
    const coin = await checkChain(offersAddr, offer);
    // numeric(78, 18): a coin with more decimals keeps 18 of them for sorting.
    const priceValue = formatUnits(offer.pricePerUnit, coin.decimals);
    const rate = await currentRateOf(db, chainId, offer.coin);
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
        priceRef: rate === null ? null : toReference(priceValue, rate),
        startTime: new Date(Number(offer.start) * 1000),
        endTime: new Date(Number(offer.end) * 1000),
        salt: offer.salt.toString(),
        counter: offer.counter.toString(),
        signature,
      },
      maxOpen,
    );
    if (!storedNow) throw refusal('offerOpenLimit', { max: maxOpen });
    return viewOf(orderHash);
  }

  /** The Merkle proof of a token for an offer: empty unless it is a trait offer. */
  async function proof(orderHash: string, tokenId: string): Promise<string[]> {
    const offer = await findOffer(db, chainId, orderHash);
    if (!offer) throw new ApiError(ERRORS.notFound, 'No such offer');
    if (offer.kind !== OFFER_KIND.trait) return [];
    const set = await traitSetOfOffer(db, chainId, offer.contractAddr, offer.identifier);
    const found = set ? await storedProof(db, set, tokenId) : null;
    if (!found) throw refusal('offerTokenNotInSet');
    return found;
  }

  return {
    create,
    traitSet,
    proof,
    forItem: (contractAddr: string, tokenId: string, paging: Paging) =>
      list(itemOffersWhere(chainId, contractAddr, tokenId), bestFirst, paging),
    forCollection: (contractAddr: string, kind: number | undefined, paging: Paging) =>
      list(collectionOffersWhere(chainId, contractAddr, kind), bestFirst, paging),
    madeBy: (offerer: string, activeOnly: boolean, paging: Paging) =>
      list(madeOffersWhere(chainId, offerer, activeOnly), newestFirst, paging),
    receivedBy: (owner: string, paging: Paging) =>
      list(receivedOffersWhere(chainId, owner), bestFirst, paging),
  };
}

export type OfferService = ReturnType<typeof offerService>;
