import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { pageOf, paged, queryOrBodyHook } from '../../http/paging.js';
import { CoinCatalog } from '../../chain/coins.js';
import { coinsOf } from '../../chain/coins.js';
import { activityPageInput, userActivityPageInput } from './input.js';
import { ACTIVITY_COUNT_CAP, findActivities, type ActivityQuery } from './queries.js';
import { activityVOSchema, toActivityVO } from './view.js';

/** The activity (history) lists: of an item or a collection, and of an account. */
export function activityRoutes(
  ctx: ServerContext,
  coins = new CoinCatalog(ctx.chain),
): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const chainId = ctx.config.chainId;
  const response = { 200: envelopeOf(pageOf(activityVOSchema)) };

  async function answer(q: ActivityQuery, page: number, size: number) {
    const { rows, total } = await findActivities(db, q, page, size);
    const known = await coinsOf(
      coins,
      rows.flatMap((r) => (r.coin && r.price ? [r.coin] : [])),
    );
    return ok(
      paged(
        rows.map((r) => toActivityVO(r, known)),
        total,
        page,
        size,
      ),
    );
  }

  return async (app) => {
    app.route({
      method: ['POST', 'GET'],
      url: '/transaction/page',
      preValidation: queryOrBodyHook,
      schema: {
        tags: ['activity'],
        summary:
          "The activity list: an item's (contractAddr + tokenId), a collection's " +
          "(contractAddr) or an account's (userAddr) history",
        description:
          'contractAddr or userAddr is required (both: the account within one collection). ' +
          'Newest first, page size 20. types keeps the given method codes (0 listing, 1 cancel, ' +
          '2 trade, 3/4/6/7/10 transfer, 5 price update, 8 mint); empty keeps all. Accepts a ' +
          'JSON body (POST) or a query string (GET). total is counted up to ' +
          `${ACTIVITY_COUNT_CAP} rows.`,
        querystring: activityPageInput,
        response,
      },
      handler: async (request) => {
        const { contractAddr, userAddr, role, tokenId, types, page, size } = request.query;
        return answer({ chainId, contractAddr, userAddr, role, tokenId, types }, page, size);
      },
    });

    app.route({
      method: ['POST', 'GET'],
      url: '/transaction/userPage',
      preValidation: queryOrBodyHook,
      schema: {
        tags: ['activity'],
        summary:
          "An account's history: rows where userAddr is the sender or the receiver (role: one side)",
        description:
          'Newest first, page size 20; types as for transaction/page; optional contractAddr. ' +
          `total is counted up to ${ACTIVITY_COUNT_CAP} rows.`,
        querystring: userActivityPageInput,
        response,
      },
      handler: async (request) => {
        const { userAddr, contractAddr, role, types, page, size } = request.query;
        return answer({ chainId, userAddr, contractAddr, role, types }, page, size);
      },
    });
  };
}
