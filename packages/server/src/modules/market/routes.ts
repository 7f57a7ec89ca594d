import { z } from 'zod';
import { parseUnits } from 'viem';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  ERRORS,
  ORDER_KIND,
  ORDER_STATUS,
  trimDecimal,
  type AttributeCategory,
  type CollectionFilterItem,
} from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import { CoinCatalog } from '../../chain/coins.js';
import { requireUser, TOKEN_SECURITY } from '../../http/auth.js';
import { SharedReads } from '../../read-models/shared-reads.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { pageOf, paged, queryOrBody, postWithData } from '../../http/paging.js';
import { waitForChainPrice } from './chain.js';
import { priceRangeOf } from '../../http/filter-inputs.js';
import {
  changePriceInput,
  collectionFilterInput,
  orderListInput,
  orderPageInput,
  parentPageInput,
  valPageInput,
} from './input.js';
import {
  attributeCategories,
  attributeValues,
  collectionFilterPage,
  COUNT_AHEAD,
  KEYWORD_COUNT_AHEAD,
  findOrder,
  itemOrders,
  marketPage,
  type MarketFilter,
} from './queries.js';
import { orderViews, orderVoSchema } from '../../read-models/order-view.js';
import { PageBoundaries } from './page-boundaries.js';
import { coinsOf } from '../../chain/coins.js';

const collectionFilterItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  headUrl: z.string().nullable(),
  contractAddr: z.string(),
  linkCollection: z.string(),
  priceFloor: z.string().nullable().describe('lowest listed price, null when nothing is listed'),
}) satisfies z.ZodType<CollectionFilterItem>;

const attributeCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  num: z.number().int().describe('tokens having this category (parent) or value (child)'),
}) satisfies z.ZodType<AttributeCategory>;

/**
 * The first sort of `orders` picks one of the three market sorts of the spec (default recently
 * listed). create_date is always newest first, whatever its `asc`: the spec has no oldest-first
 * sort and the covering indexes serve only these three.
 */
function sortOf(orders: { asc: boolean; column: 'create_date' | 'price' }[] | undefined) {
  const first = orders?.[0];
  if (!first || first.column === 'create_date') return 'recent' as const;
  return first.asc ? ('priceAsc' as const) : ('priceDesc' as const);
}

/** The secondary market: listings, one item's listings, price changes, filters. */
export function marketRoutes(
  ctx: ServerContext,
  coins = new CoinCatalog(ctx.chain),
): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const chainId = ctx.config.chainId;
  const shared = new SharedReads();
  const boundaries = new PageBoundaries();

  return async (app) => {
    app.route({
      ...postWithData,
      url: '/nftOrder/page',
      schema: {
        tags: ['market'],
        summary: 'Market listings: filtered, sorted, paged (size 30)',
        description:
          'Orders of `status` (default 0 listed) that have an image. Sorts (the first of ' +
          '`orders`; the others are ignored): create_date (recently listed, always newest ' +
          'first: its `asc` is ignored), price asc, price desc. ' +
          '`keyWord` matches the item name or the collection name (case-insensitive part); ' +
          '`collectionNames` the collection names. minPrice/maxPrice apply only together ' +
          '(up to 8 decimals, min <= max). `total` is exact up to ' +
          `${COUNT_AHEAD} records past the page (${KEYWORD_COUNT_AHEAD} with a \`keyWord\`); ` +
          'a larger result reports that cap.',
        body: orderPageInput,
        response: { 200: envelopeOf(pageOf(orderVoSchema)) },
      },
      handler: async (request) => {
        const input = request.body;
        const filter: MarketFilter = {
          status: input.status,
          sort: sortOf(input.orders),
          keyWord: input.keyWord || undefined,
          collectionNames: input.collectionNames,
          priceRange: priceRangeOf(input),
          gorySet: input.gorySet,
          parentId: input.parentId,
          page: input.page,
          size: input.size,
        };
        return shared.read(JSON.stringify(filter), async () => {
          const { rows, total } = await marketPage(db, chainId, filter, boundaries);
          const records = await orderViews(db, coins, chainId, rows);
          return ok(paged(records, total, input.page, input.size));
        });
      },
    });

    app.route({
      ...postWithData,
      url: '/nftOrder/getOrderList',
      schema: {
        tags: ['market'],
        summary: 'The listings (status 0) of one item, lowest price first (size 20)',
        description:
          "With ownerAddr, only that seller's listing: listing an ERC1155 again replaces it.",
        body: orderListInput,
        response: { 200: envelopeOf(pageOf(orderVoSchema)) },
      },
      handler: async (request) => {
        const { tokenId, contractAddr, ownerAddr, page, size } = request.body;
        const { rows, total } = await itemOrders(
          db,
          chainId,
          contractAddr.toLowerCase(),
          tokenId,
          page,
          size,
          ownerAddr?.toLowerCase(),
        );
        const records = await orderViews(db, coins, chainId, rows);
        return ok(paged(records, total, page, size));
      },
    });

    app.route({
      ...postWithData,
      url: '/nftOrder/changePrice',
      schema: {
        tags: ['market'],
        summary: "After the seller's on-chain modifyPrice: checks the chain shows the price",
        description:
          'Signed-in seller only. The price is never taken from the client: the server reads ' +
          "the market item's price from the marketplace contract (waiting up to about 2 s for " +
          'the node to see the block) and answers success only when it equals `price`. The ' +
          'order row itself is updated by the indexer.',
        security: TOKEN_SECURITY,
        body: changePriceInput,
        response: { 200: envelopeOf(z.null()) },
      },
      handler: async (request) => {
        const user = await requireUser(db, request);
        const { id, tokenId, price } = request.body;
        const found = await findOrder(db, chainId, id, tokenId);
        const order = found[0];
        if (!order) throw new ApiError(ERRORS.notFound, 'No such order');
        if (order.ownerAddr !== user) throw new ApiError(ERRORS.forbidden);
        if (order.status !== ORDER_STATUS.listed) {
          throw new ApiError(ERRORS.badRequest, 'The order is not listed');
        }
        // A signed listing's price is part of its signature: the market contract has no item
        // to read (the Listings contract is no market), so it is a refusal, not a chain read.
        if (order.kind === ORDER_KIND.signed) {
          throw new ApiError(
            ERRORS.badRequest,
            'A signed listing cannot change its price: cancel it and list again',
          );
        }
        const coin = (await coinsOf(coins, [order.moneyAddr])).get(order.moneyAddr)!;
        const decimals = price.split('.')[1]?.length ?? 0;
        if (decimals > coin.decimals) {
          throw new ApiError(ERRORS.badRequest, 'Too many decimals for this coin');
        }
        const expected = parseUnits(price, coin.decimals);
        const matches = await waitForChainPrice(
          ctx.chain,
          order.marketAddr,
          order.orderId,
          expected,
        );
        if (!matches) {
          throw new ApiError(
            ERRORS.badRequest,
            'The price on chain is not the price sent: change it on chain first',
          );
        }
        return ok(null);
      },
    });

    app.route({
      ...postWithData,
      url: '/nftOrder/getCollectionList',
      schema: {
        tags: ['market'],
        summary: 'Collections for the market filter, by name or address part (size 30)',
        body: collectionFilterInput,
        response: { 200: envelopeOf(pageOf(collectionFilterItemSchema)) },
      },
      handler: async (request) => {
        const { nameAndAddress, page, size } = request.body;
        const { rows, total } = await collectionFilterPage(
          db,
          chainId,
          nameAndAddress?.toLowerCase() || undefined,
          page,
          size,
        );
        const records = rows.map(({ lowestPrice, ...r }) => ({
          ...r,
          priceFloor: lowestPrice === null ? null : trimDecimal(lowestPrice),
        }));
        return ok(paged(records, total, page, size));
      },
    });

    app.route({
      ...queryOrBody,
      url: '/nftAttrCategory/getParentPage',
      schema: {
        tags: ['market'],
        summary: 'The attribute categories of a collection, with how many tokens have each',
        querystring: parentPageInput,
        response: { 200: envelopeOf(pageOf(attributeCategorySchema)) },
      },
      handler: async (request) => {
        const { contract, page, size } = request.query;
        const { rows, total } = await attributeCategories(
          db,
          chainId,
          contract.toLowerCase(),
          page,
          size,
        );
        return ok(paged(rows, total, page, size));
      },
    });

    app.route({
      ...queryOrBody,
      url: '/nftAttrCategory/getValPage',
      schema: {
        tags: ['market'],
        summary: 'The values of an attribute category (id), with token counts (size 20)',
        querystring: valPageInput,
        response: { 200: envelopeOf(pageOf(attributeCategorySchema)) },
      },
      handler: async (request) => {
        const { id, name, page, size } = request.query;
        const { rows, total } = await attributeValues(db, id, name || undefined, page, size);
        return ok(paged(rows, total, page, size));
      },
    });
  };
}
