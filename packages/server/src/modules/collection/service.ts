// The rules of collection pages: a page by its link with its best offer, the home carousel, the
// rankings, the creator's collections and royalties, and what an edit checks before it stores
// (the owner, a free link, a royalty the chain pays). Routes parse and answer only.
import type { Address } from 'viem';
import {
  ApiError,
  COLLECTION_EDIT_MESSAGES,
  ERRORS,
  royaltyPercentToRate,
  type CollectionCountRow,
  type CollectionDetailVO,
  type CollectionListAndSummary,
  type RankingWindow,
  type CollectionUpdate,
  type RoyaltyRowVO,
} from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import { coinsOf, toCoinUnits, type CoinCatalog } from '../../chain/coins.js';
import { currentCoinRates } from '../../db/coin-rates.js';
import { paged } from '../../http/paging.js';
import { bestCollectionOffers } from '../../read-models/best-offer.js';
import { collectionRoyalty, toCollectionVO } from '../../read-models/collection-view.js';
import { readPaidRoyalty, royaltyAgrees } from './chain-royalty.js';
import { syncCollectionProfiles } from './profiles.js';
import {
  findCollection,
  findProfileById,
  isLinkTaken,
  listOwnedCollections,
  listRecommended,
  sampleTokenId,
  storeErc2981,
  updateProfileRow,
} from './queries.js';
import { rankCollections } from './ranking.js';
import { findRoyaltyPayments, royaltySummary } from './royalty-queries.js';

/** The collections of one server: its database, chain and deployment. */
export function collectionService(ctx: ServerContext, coins: CoinCatalog) {
  const db = ctx.database.db;
  const chainId = ctx.config.chainId;

  /** Gives newly registered collections a page (reads their names on chain). */
  function syncProfiles() {
    return syncCollectionProfiles(db, chainId, ctx.chain);
  }

  /** A collection page by its link (any letter case), with its best collection offer. */
  async function byLink(linkCollection: string): Promise<CollectionDetailVO> {
    const row = await findCollection(db, chainId, { link: linkCollection });
    if (!row) throw new ApiError(ERRORS.notFound, 'Collection not found');
    const [rates, best] = await Promise.all([
      currentCoinRates(db, chainId),
      bestCollectionOffers(db, coins, chainId, [row.profile.contractAddr]),
    ]);
    return {
      ...toCollectionVO(row, rates),
      bestCollectionOffer: best.get(row.profile.contractAddr) ?? null,
    };
  }

  /** The home carousel: featured collections first, then by 7-day volume. */
  async function recommended(limit: number) {
    const rows = await listRecommended(db, chainId, limit);
    const rates = await currentCoinRates(db, chainId);
    return rows.map((r) => toCollectionVO(r, rates));
  }

  /** A page of the ranking over `window`. */
  async function ranking(window: RankingWindow, page: number, size: number) {
    const { records, total } = await rankCollections(db, chainId, window, page, size);
    return paged(records, total, page, size);
  }

  /** The ranking preview: the 7-day ranking without the ranking-only fields. */
  async function countPage(page: number, size: number) {
    const { records, total } = await rankCollections(db, chainId, '7d', page, size);
    const rows = records.map((r): CollectionCountRow => ({
      id: r.id,
      name: r.name,
      headUrl: r.headUrl,
      linkCollection: r.linkCollection,
      volume: r.volume,
      lowestPrice: r.lowestPrice,
      totalHolder: r.totalHolder,
      totalTokens: r.totalTokens,
      change: r.change,
      priceUnit: r.priceUnit,
      volumeParts: r.volumeParts,
      lowestPriceParts: r.lowestPriceParts,
    }));
    return paged(rows, total, page, size);
  }

  /** The collections `user` owns and the royalties paid to them. */
  async function listAndSummary(user: string): Promise<CollectionListAndSummary> {
    const [rows, totals, rates] = await Promise.all([
      listOwnedCollections(db, chainId, user),
      royaltySummary(db, coins, chainId, user),
      currentCoinRates(db, chainId),
    ]);
    return { collections: rows.map((r) => toCollectionVO(r, rates)), ...totals };
  }

  /**
   * Stores `user`'s edit of a collection page: the owner only, a link no other collection has,
   * and a royalty equal to what the chain pays (read only when it differs from the stored one).
   */
  async function update(user: string, input: CollectionUpdate) {
    const profile = await findProfileById(db, chainId, input.id);
    if (!profile) throw new ApiError(ERRORS.notFound, 'Collection not found');
    if (profile.ownerAddr !== user) throw new ApiError(ERRORS.forbidden);
    if (await isLinkTaken(db, input.linkCollection, profile.id)) {
      throw new ApiError(ERRORS.badRequest, COLLECTION_EDIT_MESSAGES.linkTaken.message);
    }
    const rate = royaltyPercentToRate(input.royalty);
    const joined = await findCollection(db, chainId, { id: profile.id });
    // The market columns keep what the chain holds: a rate the market set, else null (the
    // token contract's ERC-2981, if any, applies and is shown read-only).
    let marketRoyalty = { royaltyRate: profile.royaltyRate, royaltyAddr: profile.royaltyAddr };
    // A text-only edit keeps the royalty checked when it was stored: no chain needed.
    if (!joined || !royaltyAgrees(collectionRoyalty(profile, joined), rate, input.royaltyAddr)) {
      const market = ctx.deployment?.contracts['Marketplace']?.address;
      if (!market) {
        throw new ApiError(
          ERRORS.serviceUnavailable,
          'The marketplace is not deployed: the royalty cannot be checked',
        );
      }
      const onChain = await readPaidRoyalty(
        ctx.chain,
        market as Address,
        profile.contractAddr as Address,
        await sampleTokenId(db, chainId, profile.contractAddr),
      );
      if (!royaltyAgrees(onChain.paid, rate, input.royaltyAddr)) {
        throw new ApiError(ERRORS.badRequest, COLLECTION_EDIT_MESSAGES.royaltyNotOnChain.message);
      }
      if (onChain.market.set) {
        marketRoyalty = { royaltyRate: rate, royaltyAddr: input.royaltyAddr.toLowerCase() };
      } else {
        marketRoyalty = { royaltyRate: null, royaltyAddr: null };
        await storeErc2981(
          db,
          chainId,
          profile.contractAddr,
          onChain.paid.receiver === null
            ? null
            : { rate: onChain.paid.rate, receiver: onChain.paid.receiver },
        );
      }
    }
    try {
      await updateProfileRow(db, profile.id, {
        name: input.name,
        linkCollection: input.linkCollection,
        description: input.description,
        headUrl: input.headUrl,
        coverUrl: input.coverUrl,
        backgroundUrl: input.backgroundUrl ?? null,
        ...marketRoyalty,
        linkSkypegmwcn: input.linkSkypegmwcn ?? null,
        linkTwitter: input.linkTwitter ?? null,
        linkDiscord: input.linkDiscord ?? null,
        linkInstagram: input.linkInstagram ?? null,
        linkMedium: input.linkMedium ?? null,
      });
    } catch (err) {
      // Another collection took the link between the check and the write.
      if (await isLinkTaken(db, input.linkCollection, profile.id)) {
        throw new ApiError(ERRORS.badRequest, COLLECTION_EDIT_MESSAGES.linkTaken.message);
      }
      throw err;
    }
    const row = await findCollection(db, chainId, { id: profile.id });
    return toCollectionVO(row!, await currentCoinRates(db, chainId));
  }

  /** A page of the royalties paid to `user`, newest first, in coin units. */
  async function royaltyPage(user: string, page: number, size: number) {
    const { rows, total } = await findRoyaltyPayments(db, chainId, user, page, size);
    const known = await coinsOf(
      coins,
      rows.map((r) => r.coin),
    );
    const records = rows.map((r): RoyaltyRowVO => {
      const coin = known.get(r.coin)!;
      return {
        tokenName: r.tokenName,
        tokenImageUrl: r.tokenImageUrl,
        tokenId: r.tokenId,
        contractAddr: r.contractAddr,
        price: toCoinUnits(r.price, coin.decimals),
        coin: coin.symbol,
        amount: r.amount,
        totalTrans: toCoinUnits(r.totalTrans, coin.decimals),
        royalty: toCoinUnits(r.royalty, coin.decimals),
        createDate: r.blockTime.toISOString(),
      };
    });
    return paged(records, total, page, size);
  }

  /** The royalty totals of `user`: all time and today (UTC). */
  function royaltyTotals(user: string) {
    return royaltySummary(db, coins, chainId, user);
  }

  return {
    syncProfiles,
    byLink,
    recommended,
    ranking,
    countPage,
    listAndSummary,
    update,
    royaltyPage,
    royaltyTotals,
  };
}
