import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context.js';
import { CoinCatalog } from '../../chain/coins.js';
import { requireUser } from '../../http/auth.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { pageOf, queryOrBody, postWithData } from '../../http/paging.js';
import { priceRangeOf } from '../../http/filter-inputs.js';
import {
  accountItemsInput,
  collectionItemsInput,
  itemInput,
  ownersInput,
  userAssetsInput,
  userInfoInput,
} from './input.js';
import { itemService } from './service.js';
import { cardSchema, detailSchema, ownershipSchema } from './view.js';

/** Items: detail, ownership, a collection's items, an account's items, a user's NFTs. */
export function itemRoutes(
  ctx: ServerContext,
  coins = new CoinCatalog(ctx.chain),
): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const items = itemService(ctx, coins);

  return async (app) => {
    app.route({
      ...queryOrBody,
      url: '/nftMeta/getDetail',
      schema: {
        tags: ['item'],
        summary: 'An item: metadata, its collection, its lowest listed order and its best offer',
        querystring: itemInput,
        response: { 200: envelopeOf(detailSchema) },
      },
      handler: async (request) => {
        const contractAddr = request.query.contractAddr.toLowerCase();
        const { tokenId } = request.query;
        return ok(await items.detail(contractAddr, tokenId));
      },
    });

    app.route({
      ...postWithData,
      url: '/asset/userInfo',
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
        return ok(await items.ownership(contractAddr, tokenId, userAddr));
      },
    });

    app.route({
      ...queryOrBody,
      url: '/asset/ownership',
      schema: {
        tags: ['item'],
        summary: 'The owners of an item with their amounts, largest first (size 20)',
        querystring: ownersInput,
        response: { 200: envelopeOf(pageOf(ownershipSchema)) },
      },
      handler: async (request) => {
        const { tokenId, page, size } = request.query;
        const contractAddr = request.query.contractAddr.toLowerCase();
        return ok(await items.owners(contractAddr, tokenId, page, size));
      },
    });

    app.route({
      ...postWithData,
      url: '/nft/findPageByCollectionId',
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
        return ok(
          await items.ofCollection(input.collectionId, {
            showType: input.showType,
            keyWord: input.keyWord || undefined,
            sort: input.sort,
            priceRange: priceRangeOf(input),
            gorySet: input.gorySet,
            parentId: input.parentId,
            page: input.page,
            size: input.size,
          }),
        );
      },
    });

    app.route({
      ...postWithData,
      url: '/nftOrder/selecAssetNftPage',
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
        return ok(await items.ofAccount(userAddr, type, page, size));
      },
    });

    app.route({
      ...postWithData,
      url: '/asset/userInfoList',
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
        const ownerAddr = request.body.ownerAddr.toLowerCase();
        return ok(await items.heldOf(ownerAddr, contractAddr, page, size));
      },
    });
  };
}
