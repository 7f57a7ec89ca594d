import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_ITEM_TYPE,
  ApiError,
  ERRORS,
  ORDER_STATUS,
  type NftDetail,
} from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import { CoinCatalog } from '../../chain/coins.js';
import { requireUser } from '../../http/auth.js';
import { SharedReads } from '../../read-models/shared-reads.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { liftDataHook, pageOf, paged, queryOrBodyHook } from '../../http/paging.js';
import { priceRangeOf } from '../../http/filter-inputs.js';
import { lowestMarketHeldOrder, lowestOrders, tokenKey } from '../../read-models/order-view.js';
import { collectionLabels, orderViews } from '../../read-models/order-view.js';
import { collectionOf } from './collection-view.js';
import {
  accountItemsInput,
  collectionItemsInput,
  itemInput,
  ownersInput,
  userAssetsInput,
  userInfoInput,
} from './input.js';
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
} from './queries.js';
import { cardSchema, cardViews, detailSchema, ownershipSchema } from './view.js';
import { bestOffersOfTokens } from '../../read-models/best-offer.js';

/** Items: detail, ownership, a collection's items, an account's items, a user's NFTs. */
export function itemRoutes(
  ctx: ServerContext,
  coins = new CoinCatalog(ctx.chain),
): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const shared = new SharedReads();
  const chainId = ctx.config.chainId;

  return async (app) => {
    app.route({
      method: ['GET', 'POST'],
      url: '/nftMeta/getDetail',
      preValidation: queryOrBodyHook,
      schema: {
        tags: ['item'],
        summary: 'An item: metadata, its collection, its lowest listed order and its best offer',
        querystring: itemInput,
        response: { 200: envelopeOf(detailSchema) },
      },
      handler: async (request) => {
        const contractAddr = request.query.contractAddr.toLowerCase();
        const { tokenId } = request.query;
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
          const detail: NftDetail = {
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
          return ok(detail);
        });
      },
    });

    app.route({
      method: 'POST',
      url: '/asset/userInfo',
      preValidation: liftDataHook,
      schema: {
        tags: ['item'],
        summary: 'How many of an item an owner (default: the signed-in user) holds',
        description: 'Without ownerAddr a session is needed (10002 without a token).',
        body: userInfoInput,
        response: { 200: envelopeOf(ownershipSchema) },
      },
      handler: async (request) => {
        const { tokenId } = request.body;
        const contractAddr = request.body.contractAddr.toLowerCase();
        const userAddr = request.body.ownerAddr
          ? request.body.ownerAddr.toLowerCase()
          : await requireUser(db, request);
        const own = await ownershipOf(db, chainId, contractAddr, tokenId, userAddr);
        return ok({ ...own, userAddr });
      },
    });

    app.route({
      method: ['GET', 'POST'],
      url: '/asset/ownership',
      preValidation: queryOrBodyHook,
      schema: {
        tags: ['item'],
        summary: 'The owners of an item with their amounts, largest first (size 20)',
        querystring: ownersInput,
        response: { 200: envelopeOf(pageOf(ownershipSchema)) },
      },
      handler: async (request) => {
        const { tokenId, page, size } = request.query;
        const contractAddr = request.query.contractAddr.toLowerCase();
        const { rows, total, amountTotal } = await ownersPage(
          db,
          chainId,
          contractAddr,
          tokenId,
          page,
          size,
        );
        const records = rows.map((r) => ({ ...r, amountTotal }));
        return ok(paged(records, total, page, size));
      },
    });

    app.route({
      method: 'POST',
      url: '/nft/findPageByCollectionId',
      preValidation: liftDataHook,
      schema: {
        tags: ['item'],
        summary: "A collection's items (size 20)",
        description:
          'showType 0 all, 1 listed only; sort 0 recently listed, 1 price low to high, 2 price ' +
          'high to low, 3 token id; keyWord: part of the name or the exact token id; price ' +
          'range on the lowest listing (both bounds or none); gorySet: attribute value ids ' +
          '(any of them) of the category parentId. An unknown collectionId is a 404.',
        body: collectionItemsInput,
        response: { 200: envelopeOf(pageOf(cardSchema)) },
      },
      handler: async (request) => {
        const input = request.body;
        const collection = await collectionById(db, chainId, input.collectionId);
        if (!collection) throw new ApiError(ERRORS.notFound, 'No such collection');
        const { rows, total } = await collectionItems(
          db,
          chainId,
          collection.contractAddr,
          collection.contractType,
          {
            showType: input.showType,
            keyWord: input.keyWord || undefined,
            sort: input.sort,
            priceRange: priceRangeOf(input),
            gorySet: input.gorySet,
            parentId: input.parentId,
            page: input.page,
            size: input.size,
          },
        );
        const records = await cardViews(db, coins, chainId, rows);
        return ok(paged(records, total, input.page, input.size));
      },
    });

    app.route({
      method: 'POST',
      url: '/nftOrder/selecAssetNftPage',
      preValidation: liftDataHook,
      schema: {
        tags: ['item'],
        summary: "An account's items (size 24)",
        description:
          'type 0 collected (held; amount = held), 1 favourited, 2 for sale (the account’s ' +
          'listed orders, one card per order), 3 force cancel (its orders the chain still ' +
          'lists but it no longer holds enough for).',
        body: accountItemsInput,
        response: { 200: envelopeOf(pageOf(cardSchema)) },
      },
      handler: async (request) => {
        const { type, page, size } = request.body;
        const userAddr = request.body.userAddr.toLowerCase();
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
          return ok(paged(records, total, page, size));
        }
        const { rows, total } =
          type === ACCOUNT_ITEM_TYPE.favourited
            ? await favouriteItems(db, chainId, userAddr, page, size)
            : await heldItems(db, chainId, userAddr, undefined, page, size);
        const records = await cardViews(db, coins, chainId, rows);
        return ok(paged(records, total, page, size));
      },
    });

    app.route({
      method: 'POST',
      url: '/asset/userInfoList',
      preValidation: liftDataHook,
      schema: {
        tags: ['item'],
        summary: "A user's NFTs of one collection (the launchpad exchange modal), size 20",
        description:
          'A contract the indexer does not follow (or is still back-filling) answers 10004 ' +
          '(404): its holdings are unknown here, and the web app reads them from the chain.',
        body: userAssetsInput,
        response: { 200: envelopeOf(pageOf(cardSchema)) },
      },
      handler: async (request) => {
        const { page, size } = request.body;
        const contractAddr = request.body.contractAddr.toLowerCase();
        // An empty page would claim the user holds none of a collection nobody indexes.
        if (!(await isIndexedCollection(db, chainId, contractAddr))) {
          throw new ApiError(ERRORS.notFound, 'This collection is not indexed');
        }
        const { rows, total } = await heldItems(
          db,
          chainId,
          request.body.ownerAddr.toLowerCase(),
          contractAddr,
          page,
          size,
        );
        const records = await cardViews(db, coins, chainId, rows);
        return ok(paged(records, total, page, size));
      },
    });
  };
}
