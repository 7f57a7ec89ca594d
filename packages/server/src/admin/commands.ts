import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PublicClient } from 'viem';
import {
  ADDRESS_PATTERN,
  ApiError,
  CHAIN_IDS,
  CONFIG_VALUE_RULES,
  CONTRACT_TYPE,
  DEFAULT_LOCALE,
  coinRateSchema,
  isConfigKey,
  NATIVE_COIN_ADDRESS,
  REFERENCE_UNIT,
  isLocale,
  LOCALES,
} from '@aiamarket/shared';
import type { AppDb } from '../db/database.js';
import { appConfig } from '../db/schema.js';
import { currentCoinRates } from '../db/coin-rates.js';
import { CoinCatalog } from '../chain/coins.js';
import { readAggregatorRate, setCoinRate } from '../indexer/sources/coins/rates.js';
import { articleInput, categoryInput } from '../modules/article/input.js';
import { findArticle, saveArticle, saveCategory } from '../modules/article/queries.js';
import { bannerInput } from '../modules/banner/input.js';
import { saveBanner } from '../modules/banner/queries.js';
import { activityInput } from '../modules/primary-sale/input.js';
import { saveActivity } from '../modules/primary-sale/queries.js';
import { projectInput } from '../modules/launchpad/input.js';
import { bannerTargetProblem } from './banners.js';
import { storeImage } from './images.js';
import { saveLaunchpadProject } from './launchpad.js';
import { markdownToHtml } from './markdown.js';
import { COLLECTION_USAGE, CollectionAdminError, runCollectionCommand } from './collections.js';
import { INDEXER_USAGE, IndexerAdminError, runIndexerCommand } from './indexer-commands.js';
import { parseOptions } from './options.js';
import { runWebhookCommand, WEBHOOK_USAGE } from './webhook-commands.js';
import { WebhookError } from '../modules/webhook/index.js';

/** A failure the CLI prints as one line. */
export class AdminError extends Error {}

export const USAGE = `usage: npm run admin -- <command>
  category save <file.json | json>   create (no id) or update (id) a help-centre category
  article save <file.json | json>    create or update an article (contents: HTML, sanitised)
  article md <file.md> [--category <id>] [--id <id>] [--lang <locale>] [--sort <n>]
                                     an article from Markdown (first '# ' line is the title);
                                     with --id, sets one language of an existing article
  banner save <file.json | json>     create or update a home banner (type 0-3 and its target,
                                     which must exist)
  activity save <file.json | json>   create or update a primary-sale activity (with items)
  launchpad save <file.json | json>  create or update a launchpad project page; with a chain,
                                     also registers its swap source collection for indexing
  config set <name> <value>          set a config value: ${Object.keys(CONFIG_VALUE_RULES).join(', ')}
                                     (e.g. transaction_fee 2.5)
  config rate <coin> (<rate> | --aggregator <feed>) [--symbol <s>] [--decimals <n>]
                                     from now on, 1 <coin> (an ERC-20 address) is worth <rate>
                                     ${REFERENCE_UNIT.symbol}; earlier sales keep their rate, listings and stats
                                     follow (symbol and decimals read from the chain if omitted;
                                     --aggregator: the rate a Chainlink-style feed answers now;
                                     the indexer then reads it at each sale's block and keeps
                                     listings at its latest answer, until an operator rate)
  config rates                       the payment coins and their rates in force
  image add <file>                   store an image; prints its /ipfs/{cid} URL
${COLLECTION_USAGE}
${INDEXER_USAGE}
${WEBHOOK_USAGE}`;

/** Input given as inline JSON (starting with `{`) or as a JSON file path. */
function readJson(arg: string | undefined): unknown {
  if (!arg) throw new AdminError('missing input (a JSON file or inline JSON)');
  const text = arg.trim().startsWith('{') ? arg : readFile(arg);
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new AdminError(`invalid JSON: ${(err as Error).message}`);
  }
}

function readFile(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new AdminError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? err}`);
  }
}

/** Validates with the routes' schema; the first issue becomes the one-line error. */
function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const where = issue.path.length ? issue.path.join('.') : 'input';
    throw new AdminError(`invalid input: ${where}: ${issue.message}`);
  }
  const dropped = droppedKey(value, result.data, []);
  if (dropped) {
    const key = String(dropped.path.at(-1));
    const why = dropped.localized
      ? `unknown language '${key}' (accepted: ${LOCALES.join(', ')})`
      : 'unknown field';
    throw new AdminError(`invalid input: ${dropped.path.join('.')}: ${why}`);
  }
  return result.data;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/**
 * The first key of the input that the schema stripped (the localized texts are plain objects, so
 * a text under an unknown language would vanish while the save reports success); `localized`
 * when it sat beside language keys only.
 */
function droppedKey(
  input: unknown,
  output: unknown,
  path: (string | number)[],
): { path: (string | number)[]; localized: boolean } | null {
  if (Array.isArray(input) && Array.isArray(output)) {
    for (let i = 0; i < input.length; i++) {
      const found = droppedKey(input[i], output[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (!isRecord(input) || !isRecord(output)) return null;
  for (const [key, value] of Object.entries(input)) {
    if (!(key in output)) {
      const localized = Object.keys(output).every((k) => isLocale(k));
      return { path: [...path, key], localized };
    }
    const found = droppedKey(value, output[key], [...path, key]);
    if (found) return found;
  }
  return null;
}

const configName = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'lowercase letters, digits, _');

/** How many arguments each command takes (article md and the indexer commands check theirs). */
const ARGUMENT_COUNT: Record<string, number> = {
  'category save': 1,
  'article save': 1,
  'banner save': 1,
  'activity save': 1,
  'launchpad save': 1,
  'config set': 2,
  'config rates': 0,
  'collection add': 1,
  'collection save': 1,
  'collection sync': 0,
  'image add': 1,
};

export interface AdminDeps {
  db: AppDb;
  dataDir: string;
  /** For the collection commands: the chain to read contracts from. */
  chainId?: number;
  chain?: PublicClient | null;
  /** For `webhook create`: WEBHOOK_ALLOW_PRIVATE_URLS when not given. */
  webhookAllowPrivateUrls?: boolean;
}

/** Runs one admin command; returns what to print (JSON of the saved row, or a URL). */
export async function runAdminCommand(deps: AdminDeps, argv: string[]): Promise<string> {
  const [group, action, ...rest] = argv;
  const { db } = deps;
  const json = (v: unknown) => JSON.stringify(v, null, 2);
  // An extra argument (a second file, a value with an unquoted space) would be ignored.
  const takes = ARGUMENT_COUNT[`${group ?? ''} ${action ?? ''}`];
  if (takes !== undefined && rest.length > takes) {
    throw new AdminError(`unexpected argument '${rest[takes]}'`);
  }
  try {
    switch (`${group ?? ''} ${action ?? ''}`) {
      case 'category save':
        return json(await saveCategory(db, parse(categoryInput, readJson(rest[0]))));
      case 'article save':
        return json(await saveArticle(db, parse(articleInput, readJson(rest[0]))));
      case 'article md':
        return json(await articleFromMarkdown(db, rest));
      case 'banner save': {
        const input = parse(bannerInput, readJson(rest[0]));
        const problem = await bannerTargetProblem(db, deps.chainId ?? CHAIN_IDS.local, input);
        if (problem) throw new AdminError(`invalid input: ${problem.field}: ${problem.message}`);
        return json(await saveBanner(db, input));
      }
      case 'activity save':
        return json(await saveActivity(db, parse(activityInput, readJson(rest[0]))));
      case 'launchpad save': {
        const input = parse(projectInput, readJson(rest[0]));
        // saveProject keys a 721 sale as token 0: another id would be dropped without a word.
        if (input.contractType === CONTRACT_TYPE.erc721 && input.tokenId !== '0') {
          throw new AdminError(
            'invalid input: tokenId: an ERC721 sale has no token id (omit it or give 0)',
          );
        }
        return json(
          await saveLaunchpadProject(
            { db, chainId: deps.chainId ?? CHAIN_IDS.local, chain: deps.chain ?? null },
            input,
          ),
        );
      }
      case 'config set': {
        const name = parse(configName, rest[0]);
        const raw = rest[1];
        if (raw === undefined) throw new AdminError('missing value');
        // Only the keys the API reads: another name would be stored and never used.
        if (!isConfigKey(name)) {
          const known = Object.keys(CONFIG_VALUE_RULES).join(', ');
          throw new AdminError(`unknown config name '${name}' (known: ${known})`);
        }
        const rule = CONFIG_VALUE_RULES[name];
        if (!rule.schema.safeParse(raw).success) {
          throw new AdminError(`invalid value for ${name}: ${JSON.stringify(raw)} (${rule.hint})`);
        }
        await db
          .insert(appConfig)
          .values({ name, value: raw })
          .onConflictDoUpdate({
            target: appConfig.name,
            set: { value: raw, updatedAt: sql`now()` },
          });
        return `${name} = ${raw}`;
      }
      case 'config rate':
        return await setRateCommand(deps, rest);
      case 'config rates':
        return json(await currentCoinRates(db, deps.chainId ?? CHAIN_IDS.local));
      case 'collection register':
      case 'metadata refresh':
        return await runIndexerCommand(
          { db, chainId: deps.chainId ?? CHAIN_IDS.local, chain: deps.chain ?? null },
          `${group} ${action}` as 'collection register' | 'metadata refresh',
          rest,
        );
      case 'collection add':
      case 'collection save':
      case 'collection sync':
        return await runCollectionCommand(
          { db, chainId: deps.chainId ?? CHAIN_IDS.local, chain: deps.chain ?? null },
          action,
          () => readJson(rest[0]),
        );
      case 'webhook create':
      case 'webhook list':
      case 'webhook disable':
      case 'webhook enable':
      case 'webhook replay':
      case 'webhook deliveries':
        return await runWebhookCommand(
          {
            db,
            ...(deps.webhookAllowPrivateUrls !== undefined
              ? { allowPrivateUrls: deps.webhookAllowPrivateUrls }
              : {}),
          },
          action,
          rest,
        );
      case 'image add': {
        if (!rest[0]) throw new AdminError('missing image file');
        let bytes: Buffer;
        try {
          bytes = fs.readFileSync(rest[0]);
        } catch (err) {
          throw new AdminError(`cannot read ${rest[0]}: ${(err as NodeJS.ErrnoException).code}`);
        }
        try {
          return await storeImage(db, deps.dataDir, bytes);
        } catch (err) {
          throw new AdminError((err as Error).message);
        }
      }
      default:
        throw new AdminError(`unknown command '${argv.join(' ')}'\n${USAGE}`);
    }
  } catch (err) {
    if (
      err instanceof ApiError ||
      err instanceof CollectionAdminError ||
      err instanceof IndexerAdminError ||
      err instanceof WebhookError
    ) {
      throw new AdminError(err.message);
    }
    throw err;
  }
}

const options = (args: string[], allowed: string[]) =>
  parseOptions(args, allowed, (message) => new AdminError(message));

const intOption = (opts: Map<string, string>, name: string) => {
  const raw = opts.get(name);
  if (raw === undefined) return undefined;
  if (!/^-?\d{1,9}$/.test(raw)) throw new AdminError(`--${name} must be a whole number`);
  return Number(raw);
};

/** `config rate`: a new rate of a payment coin, effective now. */
async function setRateCommand(deps: AdminDeps, args: string[]) {
  const { positional, opts } = options(args, ['symbol', 'decimals', 'aggregator']);
  const aggregator = opts.get('aggregator');
  const [coinArg, typed, extra] = positional;
  if (aggregator !== undefined && typed !== undefined) {
    throw new AdminError('give a rate or --aggregator, not both');
  }
  if (extra !== undefined) throw new AdminError(`unexpected argument '${extra}'`);
  if (!coinArg || !ADDRESS_PATTERN.test(coinArg)) {
    throw new AdminError('missing or invalid coin: a 0x-prefixed 20-byte address');
  }
  const coin = coinArg.toLowerCase();
  if (coin === NATIVE_COIN_ADDRESS) {
    throw new AdminError(`${REFERENCE_UNIT.symbol} is the reference unit: its rate is always 1`);
  }
  if (aggregator !== undefined && !ADDRESS_PATTERN.test(aggregator)) {
    throw new AdminError('--aggregator: a 0x-prefixed 20-byte address');
  }
  if (
    aggregator === undefined &&
    (typed === undefined || !coinRateSchema.safeParse(typed).success)
  ) {
    throw new AdminError(
      `invalid rate ${JSON.stringify(typed ?? '')}: a decimal above 0 with at most 18 decimals, e.g. 0.25`,
    );
  }
  let symbol = opts.get('symbol');
  let decimals = intOption(opts, 'decimals');
  if (symbol !== undefined && !/^[\w.$-]{1,64}$/.test(symbol)) {
    throw new AdminError('--symbol: 1 to 64 letters, digits, . _ $ -');
  }
  if (decimals !== undefined && (decimals < 0 || decimals > 36)) {
    throw new AdminError('--decimals must be from 0 to 36');
  }
  if (symbol === undefined || decimals === undefined) {
    if (!deps.chain)
      throw new AdminError('no chain to read the coin from: give --symbol and --decimals');
    try {
      const info = await new CoinCatalog(deps.chain).coin(coin);
      symbol ??= info.symbol;
      decimals ??= info.decimals;
    } catch (err) {
      throw new AdminError(`cannot read the coin's symbol and decimals: ${(err as Error).message}`);
    }
  }
  let rate = typed ?? '';
  if (aggregator !== undefined) {
    // The feed's answer now (a Chainlink-style aggregator: latestRoundData / 10^decimals).
    if (!deps.chain) throw new AdminError('no chain to read the price feed from');
    try {
      rate = await readAggregatorRate(deps.chain, aggregator);
    } catch (err) {
      throw new AdminError(`cannot read the price feed ${aggregator}: ${(err as Error).message}`);
    }
  }
  const done = await setCoinRate(deps.db, deps.chainId ?? CHAIN_IDS.local, {
    coin,
    rate,
    symbol,
    decimals,
    source: aggregator === undefined ? 'operator' : 'aggregator',
    // The indexer then reads the feed at each sale's block; an operator rate stops that.
    ...(aggregator === undefined ? {} : { feed: aggregator }),
  });
  return `1 ${symbol} = ${rate} ${REFERENCE_UNIT.symbol} from ${done.effectiveAt.toISOString()} (${done.collections} collection(s) recomputed)`;
}

async function articleFromMarkdown(db: AppDb, args: string[]) {
  const { positional, opts } = options(args, ['category', 'id', 'lang', 'sort']);
  // Checked before anything is read: an unknown key would be dropped by the localized schema,
  // and the article saved (or "updated") without the text.
  const lang = opts.get('lang') ?? DEFAULT_LOCALE;
  if (!isLocale(lang)) {
    throw new AdminError(`unknown language '${lang}' for --lang (accepted: ${LOCALES.join(', ')})`);
  }
  const [file, extra] = positional;
  if (!file) throw new AdminError('missing Markdown file');
  if (extra !== undefined) throw new AdminError(`unexpected argument '${extra}'`);
  const { title, html } = markdownToHtml(readFile(file));
  if (!title) throw new AdminError(`${file}: the first line must be a '# ' title`);
  // An empty text in another language would be dropped as missing, and the title saved alone.
  if (!html) throw new AdminError(`${file}: no text after the title`);
  const id = intOption(opts, 'id');
  const existing = id === undefined ? undefined : await findArticle(db, id);
  if (id !== undefined && !existing) throw new AdminError(`No article ${id}`);
  const input = {
    ...(id === undefined ? {} : { id }),
    categoryId: intOption(opts, 'category') ?? existing?.categoryId,
    titles: { ...(existing?.titles ?? {}), [lang]: title },
    contents: { ...(existing?.contents ?? {}), [lang]: html },
    sort: intOption(opts, 'sort') ?? existing?.sort,
  };
  return saveArticle(db, parse(articleInput, input));
}
