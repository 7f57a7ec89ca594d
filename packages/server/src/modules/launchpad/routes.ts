import { z } from 'zod';
import type { Address } from 'viem';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  CONTRACT_TYPE,
  DEFAULT_COIN_DECIMALS,
  ERRORS,
  PAGE_SIZE,
  type LaunchpadProjectVO,
  type MintCoinVO,
} from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { addressSchema } from '../../http/schemas.js';
import { pageFields, paged, queryOrBodyHook } from '../../http/paging.js';
import { LaunchpadReader } from './chain.js';
import { findCollection, findProjects } from './queries.js';
import { projectRecord, type CoinMeta } from './view.js';

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

/** ERC-165 interface ids. */
const IERC721 = '0x80ac58cd';
const IERC1155 = '0xd9b67a26';
const probeAbi = [
  {
    type: 'function',
    name: 'supportsInterface',
    stateMutability: 'view',
    inputs: [{ name: 'id', type: 'bytes4' }],
    outputs: [{ type: 'bool' }],
  },
  {
    type: 'function',
    name: 'name',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ type: 'string' }],
  },
] as const;

/** Launchpad projects (page data off-chain, sale figures from the contract) and contract lookup. */
export function launchpadRoutes(
  ctx: ServerContext,
  reader = new LaunchpadReader(ctx.chain),
): FastifyPluginAsyncZod {
  const db = ctx.database.db;

  return async (app) => {
    app.route({
      method: ['GET', 'POST'],
      url: '/collections/getLaunPage',
      preValidation: queryOrBodyHook,
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
        const rows = await findProjects(db, {
          id,
          contractAddr: contractAddr?.toLowerCase(),
          name,
        });
        const sales = await reader.read(rows);
        const coinAddrs = new Set<string>();
        for (const sale of sales.values()) sale?.coins.forEach((c) => coinAddrs.add(c.coinAddr));
        const onChainMeta = new Map<string, { symbol: string; decimals: number }>();
        // Decimals always come from the coin contract (read once per coin and kept).
        await Promise.all(
          [...coinAddrs].map(async (a) => {
            onChainMeta.set(
              a,
              await reader.coin(a).catch(() => ({ symbol: '?', decimals: DEFAULT_COIN_DECIMALS })),
            );
          }),
        );
        const now = new Date();
        const all = rows.map((row) => {
          const meta = (a: string): CoinMeta => {
            const stored = row.coins.find((c) => c.address === a);
            const chain = onChainMeta.get(a);
            return {
              symbol: stored?.symbol ?? chain?.symbol ?? '?',
              decimals: chain?.decimals ?? DEFAULT_COIN_DECIMALS,
              iconUrl: stored?.iconUrl ?? null,
            };
          };
          return projectRecord(row, sales.get(LaunchpadReader.key(row)) ?? null, meta, now);
        });
        const matching = state === undefined ? all : all.filter((r) => r.state === state);
        const records = matching.slice((page - 1) * size, page * size);
        return ok(paged(records, matching.length, page, size));
      },
    });

    app.route({
      method: ['GET', 'POST'],
      url: '/collections/contract',
      preValidation: queryOrBodyHook,
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
        const known = await findCollection(db, ctx.config.chainId, address);
        if (known && (known.contractType === 'ERC721' || known.contractType === 'ERC1155')) {
          return ok({
            contractType: known.contractType as 'ERC721' | 'ERC1155',
            name: known.name ?? '',
          });
        }
        const results = await ctx.chain.multicall({
          contracts: [
            {
              address: address as Address,
              abi: probeAbi,
              functionName: 'supportsInterface',
              args: [IERC721],
            },
            {
              address: address as Address,
              abi: probeAbi,
              functionName: 'supportsInterface',
              args: [IERC1155],
            },
            { address: address as Address, abi: probeAbi, functionName: 'name' },
          ],
          allowFailure: true,
          deployless: true,
        });
        const [is721, is1155, nameResult] = results;
        const contractType =
          is721?.status === 'success' && is721.result
            ? CONTRACT_TYPE.erc721
            : is1155?.status === 'success' && is1155.result
              ? CONTRACT_TYPE.erc1155
              : null;
        if (!contractType) throw new ApiError(ERRORS.notFound, `No NFT contract at ${address}`);
        const name = nameResult?.status === 'success' ? nameResult.result : '';
        return ok({ contractType, name });
      },
    });
  };
}
