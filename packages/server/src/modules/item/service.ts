// The rules of items: an item's page (metadata, collection, lowest listing or the listing the
// market holds back, best offer), who holds it, a collection's items and an account's items.
// Routes parse and answer only.
import {
  ACCOUNT_ITEM_TYPE,
  ApiError,
  ERRORS,
  ORDER_STATUS,
  type NftDetail,
} from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import type { CoinCatalog } from '../../chain/coins.js';
import { paged } from '../../http/paging.js';
import { bestOffersOfTokens } from '../../read-models/best-offer.js';
import {
  collectionLabels,
  lowestMarketHeldOrder,
  lowestOrders,
  orderViews,
  tokenKey,
} from '../../read-models/order-view.js';
import { SharedReads } from '../../read-models/shared-reads.js';
import { collectionOf } from './collection-view.js';
import {
  collectionById,
  collectionItems,
  favouriteItems,
  findItem,
  heldItems,
  isIndexedCollection,
  ownerOrders,
  ownershipOf,
  ownersPage,
  type CollectionItemsFilter,
} from './queries.js';
import { cardViews } from './view.js';

/** The items of one server: its database and coins. */
export function itemService(ctx: ServerContext, coins: CoinCatalog) {
  const db = ctx.database.db;
  const chainId = ctx.config.chainId;
  // Concurrent reads of the same item page share one set of queries.
  const shared = new SharedReads();

  /** An item's page: metadata, collection, lowest listed order (or the held one), best offer. */
  function detail(contractAddr: string, tokenId: string) {
    return shared.read(`${contractAddr}:${tokenId}`, async () => {
      const item = await findItem(db, chainId, contractAddr, tokenId);
      if (!item) throw new ApiError(ERRORS.notFound, 'No such item');
      const [labels, lowest, collectionsVO, best] = await Promise.all([
        collectionLabels(db, chainId, [contractAddr]),
        lowestOrders(db, chainId, [{ contractAddr, tokenId }]),
        collectionOf(db, chainId, contractAddr),
        bestOffersOfTokens(db, coins, chainId, [{ contractAddr, tokenId }]),
      ]);
      const lowestRow = lowest.get(tokenKey(contractAddr, tokenId));
      const [orderVO] = lowestRow ? await orderViews(db, coins, chainId, [lowestRow]) : [];
      // Nothing buyable: a listing the market holds back is shown with the reason.
      const heldRow = lowestRow
        ? null
        : await lowestMarketHeldOrder(db, chainId, contractAddr, tokenId);
      const [heldOrderVO] = heldRow ? await orderViews(db, coins, chainId, [heldRow]) : [];
      const label = labels.get(contractAddr);
      const answer: NftDetail = {
        metadataVO: {
          tokenId,
          contractAddr,
          contractType: item.collection.contractType as NftDetail['metadataVO']['contractType'],
          name: item.meta?.name ?? null,
          imageUrl: item.meta?.imageUrl ?? null,
          description: item.meta?.description ?? null,
          belongToList: item.owners.map((o) => o.ownerAddr),
          collectionName: label?.name ?? null,
          linkCollection: label?.linkCollection ?? null,
          propertyList: item.meta?.properties ?? [],
          amountTotal: item.amountTotal,
          metadataStatus: item.meta?.status ?? 'pending',
        },
        collectionsVO,
        orderVO: orderVO ?? null,
        heldOrderVO: heldOrderVO ?? null,
        bestOffer: best.get(tokenKey(contractAddr, tokenId)) ?? null,
      };
      return answer;
    });
  }

  /** How many of an item `userAddr` holds. */
  async function ownership(contractAddr: string, tokenId: string, userAddr: string) {
    const own = await ownershipOf(db, chainId, contractAddr, tokenId, userAddr);
    return { ...own, userAddr };
  }

  /** A page of an item's owners, largest first. */
  async function owners(contractAddr: string, tokenId: string, page: number, size: number) {
    const { rows, total, amountTotal } = await ownersPage(
      db,
      chainId,
      contractAddr,
      tokenId,
      page,
      size,
    );
    const records = rows.map((r) => ({ ...r, amountTotal }));
    return paged(records, total, page, size);
  }

  /** A page of a collection's items; an unknown collection id is not found. */
  async function ofCollection(collectionId: number, filter: CollectionItemsFilter) {
    const collection = await collectionById(db, chainId, collectionId);
    if (!collection) throw new ApiError(ERRORS.notFound, 'No such collection');
    const { rows, total } = await collectionItems(
      db,
      chainId,
      collection.contractAddr,
      collection.contractType,
      filter,
    );
    const records = await cardViews(db, coins, chainId, rows);
    return paged(records, total, filter.page, filter.size);
  }

  /** A page of an account's items: held, favourited, for sale, or to force-cancel. */
  async function ofAccount(userAddr: string, type: number, page: number, size: number) {
    if (type === ACCOUNT_ITEM_TYPE.forSale || type === ACCOUNT_ITEM_TYPE.forceCancel) {
      const status =
        type === ACCOUNT_ITEM_TYPE.forSale ? ORDER_STATUS.listed : ORDER_STATUS.forceCancel;
      const { rows, total } = await ownerOrders(db, chainId, userAddr, status, page, size);
      const cards = rows.map((o) => ({
        contractAddr: o.contractAddr,
        tokenId: o.tokenId,
        contractType: o.contractType,
        name: o.name,
        imageUrl: o.imageUrl,
        amount: o.leftAmount,
      }));
      const records = await cardViews(db, coins, chainId, cards, rows);
      return paged(records, total, page, size);
    }
    const { rows, total } =
      type === ACCOUNT_ITEM_TYPE.favourited
        ? await favouriteItems(db, chainId, userAddr, page, size)
        : await heldItems(db, chainId, userAddr, undefined, page, size);
    const records = await cardViews(db, coins, chainId, rows);
    return paged(records, total, page, size);
  }

  /** A page of what `ownerAddr` holds of one collection the index follows. */
  async function heldOf(ownerAddr: string, contractAddr: string, page: number, size: number) {
    // An empty page would claim the user holds none of a collection nobody indexes.
    if (!(await isIndexedCollection(db, chainId, contractAddr))) {
      throw new ApiError(ERRORS.notFound, 'This collection is not indexed');
    }
    const { rows, total } = await heldItems(db, chainId, ownerAddr, contractAddr, page, size);
    const records = await cardViews(db, coins, chainId, rows);
    return paged(records, total, page, size);
  }

  return { detail, ownership, owners, ofCollection, ofAccount, heldOf };
}
