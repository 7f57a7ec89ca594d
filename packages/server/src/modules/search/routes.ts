import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SEARCH_MIN_LENGTH, singleLine, type SearchResult } from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { postWithData } from '../../http/paging.js';
import { SharedReads } from '../../read-models/shared-reads.js';
import { searchAll } from './queries.js';

const searchInput = z.object({
  keyWord: singleLine(
    z.string().trim().min(SEARCH_MIN_LENGTH, `at least ${SEARCH_MIN_LENGTH} characters`).max(128),
  ),
});

const searchResultSchema = z.object({
  collectionList: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      headUrl: z.string().nullable(),
      nftSum: z.number().int(),
      linkCollection: z.string(),
    }),
  ),
  nftList: z.array(
    z.object({
      tokenId: z.string(),
      contractAddr: z.string(),
      name: z.string().nullable(),
      imageUrl: z.string().nullable(),
    }),
  ),
  userList: z.array(
    z.object({
      userAddr: z.string(),
      username: z.string().nullable(),
      imageUrl: z.string().nullable(),
    }),
  ),
}) satisfies z.ZodType<SearchResult>;

/** The top bar's global search. */
export function searchRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const shared = new SharedReads();
  return async (app) => {
    app.route({
      ...postWithData,
      url: '/nft/homeSearchPage',
      schema: {
        tags: ['search'],
        summary: 'Collections, items and accounts containing a keyword (a few of each)',
        description:
          `keyWord: at least ${SEARCH_MIN_LENGTH} characters (trimmed); case-insensitive ` +
          'part of a collection name or address, an item name, a username or an address.',
        body: searchInput,
        response: { 200: envelopeOf(searchResultSchema) },
      },
      handler: async (request) => {
        const { keyWord } = request.body;
        return shared.read(keyWord, async () =>
          ok(await searchAll(db, ctx.config.chainId, keyWord)),
        );
      },
    });
  };
}
