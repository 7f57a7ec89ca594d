import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONTRACT_TYPE,
  PAGE_SIZE,
  type LaunchpadProjectVO,
  type MintCoinVO,
} from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { addressSchema } from '../../http/schemas.js';
import { pageFields, queryOrBody } from '../../http/paging.js';
import { LaunchpadReader } from './chain.js';
import { launchpadService } from './service.js';

const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const launQuery = z.object({
  id: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(2_147_483_647).optional()),
  contractAddr: z.preprocess(emptyAsUndefined, addressSchema.optional()),
  name: z.preprocess(emptyAsUndefined, z.string().trim().max(128).optional()),
  state: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .int()
      .refine((s) => s === 1 || s === 2 || s === 3, { message: 'must be 1, 2 or 3' })
      .optional(),
  ),
  page: pageFields(PAGE_SIZE.launchpadInProgress).page,
  size: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .describe(
      `page size (default ${PAGE_SIZE.launchpadEnded} for state 2, otherwise ` +
        `${PAGE_SIZE.launchpadInProgress}; at most 100)`,
    ),
});

/** The spec's page size of a list: 6 for the ended section, 4 for the in-progress one. */
const defaultSizeOf = (state: number | undefined) =>
  state === 2 ? PAGE_SIZE.launchpadEnded : PAGE_SIZE.launchpadInProgress;

const coinRecord = z.object({
  coin: z.string().describe('symbol'),
  number: z.string().describe('price per NFT as a decimal string'),
  iconUrl: z.string().nullable(),
  address: z.string().describe('coin address; the zero address is native AIA'),
  contract: z.string().describe('same as address'),
  decimals: z.number(),
  maxAmount: z.number().describe('at most this many NFTs can be minted with this coin'),
}) satisfies z.ZodType<MintCoinVO>;

const projectRecordSchema = z.object({
  id: z.number(),
  state: z.number().describe('1 in progress (incl. not started), 2 ended or sold out, 3 other'),
  status: z.number().describe('0 begins in, 1 ends in, 2 ended, 3 sold out'),
  chainState: z.number().nullable().describe("the contract's SaleState 0-5; null: unreadable"),
  countdown: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  mintStartTime: z.number().nullable().describe('unix milliseconds'),
  mintEndTime: z.number().nullable().describe('unix milliseconds'),
  mintNum: z.number().describe('collection size'),
  mintMaxLimit: z.number().describe('per-wallet maximum'),
  maxBatchSize: z.number().describe('per-transaction maximum'),
  minted: z.number().describe('minted so far (mints and swaps)'),
  mintCoin: z.array(coinRecord),
  contractAddr: z.string(),
  contractType: z.number().describe('721 or 1155'),
  tokenId: z.string(),
  isExchange: z.number().describe('1: swap allowed'),
  exchangeAddr: z.string().nullable().describe('source NFT collection of the swap'),
  newNum: z.number().describe('received per oldNum given'),
  oldNum: z.number(),
  collectionsVO: z.object({
    name: z.string(),
    description: z.string(),
    coverUrl: z.string().nullable(),
    boxUrl: z.string().nullable(),
    headUrl: z.string().nullable(),
    backgroundUrl: z.string().nullable(),
    projectDesc: z.string().describe('sanitised HTML'),
    linkCollection: z.string().nullable(),
    linkSkypegmwcn: z.string().nullable(),
    linkTwitter: z.string().nullable(),
    linkDiscord: z.string().nullable(),
    linkInstagram: z.string().nullable(),
    linkMedium: z.string().nullable(),
  }),
}) satisfies z.ZodType<LaunchpadProjectVO>;

/** Launchpad projects (page data off-chain, sale figures from the contract) and contract lookup. */
export function launchpadRoutes(
  ctx: ServerContext,
  reader = new LaunchpadReader(ctx.chain),
): FastifyPluginAsyncZod {
  const launchpad = launchpadService(ctx, reader);

  return async (app) => {
    app.route({
      ...queryOrBody,
      url: '/collections/getLaunPage',
      schema: {
        tags: ['launchpad'],
        summary: 'Launchpad projects (list by state, or one project by id), paged',
        description:
          'List: state 1 (in progress, size 4) or 2 (ended, size 6), optional name and ' +
          'contractAddr filters (empty strings are ignored). Detail: id; data.records holds the ' +
          'project (empty when unknown). State, times, supply, caps, prices and swap settings ' +
          'are read from the launchpad contract (cached 5 s).',
        querystring: launQuery,
        response: {
          200: envelopeOf(
            z.object({
              records: z.array(projectRecordSchema),
              total: z.number(),
              current: z.number(),
              size: z.number(),
              pages: z.number(),
            }),
          ),
        },
      },
      handler: async (request) => {
        const { id, contractAddr, name, state, page } = request.query;
        const size = request.query.size ?? defaultSizeOf(state);
        const filter = { id, contractAddr: contractAddr?.toLowerCase(), name, state };
        return ok(await launchpad.projects({ ...filter, page, size }));
      },
    });

    app.route({
      ...queryOrBody,
      url: '/collections/contract',
      schema: {
        tags: ['launchpad'],
        summary: "An NFT contract's type and name (the exchange modal's source collection)",
        querystring: z.object({ contract: addressSchema }),
        response: {
          200: envelopeOf(
            z.object({
              contractType: z.enum([CONTRACT_TYPE.erc721, CONTRACT_TYPE.erc1155]),
              name: z.string(),
            }),
          ),
        },
      },
      handler: async (request) => {
        const address = request.query.contract.toLowerCase();
        return ok(await launchpad.contractInfo(address));
      },
    });
  };
}
