import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { CHAIN_IDS, chainById, SIGN_IN, UPLOAD } from '@aiamarket/shared';

/** Raised for a setting that prevents the start; main prints its message as one line. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a ${protocols.map((p) => p + '//').join(' or ')} URL` },
  );

const port = z.coerce.number().int().min(0).max(65535);

/** A whole-number variable from `min` to `max` (given as text, as every variable is). */
export const envInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** An on/off variable: 'true' or '1', 'false' or '0'. */
export const envFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');

/**
 * Parses the environment variables whose names start with `prefix` (all with '') with a schema;
 * an empty value counts as unset. A bad value throws a StartupError naming the variable and its
 * value (with any password in a URL hidden).
 */
export function parseEnv<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv,
  prefix = '',
): z.output<S> {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([k, v]) => k.startsWith(prefix) && v !== undefined && v !== ''),
  );
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const got = env[name];
    throw new StartupError(
      `${name} ${issue.message}${got !== undefined ? ` (got ${JSON.stringify(redact(got))})` : ''}`,
    );
  }
  return parsed.data;
}

const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(8080),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  RPC_URL: url(['http:', 'https:', 'ws:', 'wss:']).default('http://127.0.0.1:8545'),
  PUBLIC_RPC_URL: url(['http:', 'https:']).optional(),
  CHAIN_ID: z.coerce
    .number()
    .int()
    .refine((id) => chainById(id) !== undefined, {
      message: `must be one of ${Object.values(CHAIN_IDS).join(', ')}`,
    })
    .default(CHAIN_IDS.local),
  DEPLOYMENTS_FILE: z.string().min(1).optional(),
  IPFS_API_URL: url(['http:', 'https:']).optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  UPLOAD_MAX_MB: z.coerce.number().positive().max(1024).default(UPLOAD.defaultMaxMb),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_UPLOAD_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_SIGNER_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_TRAIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  OFFERS_MAX_OPEN_PER_SIGNER: z.coerce.number().int().min(1).default(1_000),
  LISTINGS_MAX_OPEN_PER_SIGNER: z.coerce.number().int().min(1).default(1_000),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, zctx) => {
      const parsed = parseTrustProxy(v);
      if (typeof parsed === 'string') {
        zctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('aiamarket:'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 366)
    .default(SIGN_IN.sessionTtlHours),
  /** How long the change feed keeps its events (a stream resuming from older gets a reset). */
  LIVE_FEED_RETENTION_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 366)
    .default(24),
  /**
   * A stream resuming further behind the feed's head than this many events gets a reset instead
   * of a replay: a replay's work stays bounded however long a client was away.
   */
  LIVE_REPLAY_MAX_EVENTS: z.coerce.number().int().min(0).max(10_000_000).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  host: string;
  port: number;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  rpcUrl: string;
  /** The RPC URL wallets are told to use (RPC_URL may be an internal address). */
  publicRpcUrl: string;
  chainId: number;
  deploymentsFile: string;
  ipfsApiUrl: string | undefined;
  /** Size limit of the `default` upload purpose, in MB (the others are fixed by the spec). */
  uploadMaxMb: number;
  /**
   * Requests per minute and client address on each sign-in route and on uploads. With a Redis
   * URL the counters live in Redis (shared by every replica) under the key prefix.
   */
  rateLimit: {
    authPerMinute: number;
    uploadPerMinute: number;
    /**
     * offer/create and listing/create: requests per minute and signing address (offerer,
     * seller), whatever client sends them, beside the per-client limit.
     */
    signerPerMinute?: number;
    /** offer/traitSet and offer/proof: requests per minute and client address. */
    traitPerMinute?: number;
    redisUrl?: string | undefined;
    redisKeyPrefix?: string;
  };
  /**
   * The most open (not filled, not cancelled, not expired) offers and signed listings one
   * address may have; create answers 10050 / 10051 beyond.
   */
  maxOpenPerSigner: { offers: number; listings: number };
  /** Which peers may set X-Forwarded-For: none (false), a hop count, or addresses/CIDRs. */
  trustProxy: TrustProxy;
  sessionTtlHours: number;
  /** Change feed retention window (src/live/feed.ts pruneFeed). */
  liveFeedRetentionHours: number;
  /** Deepest Last-Event-ID resume replayed (events behind the head); deeper ones get a reset. */
  liveReplayMaxEvents: number;
  webDistDir: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
}

/** The repository root, from this file in src/ or the bundle in dist/. */
const packageRoot = path.resolve(import.meta.dirname, '..');

/**
 * Reads the configuration from environment variables. Unset values fall back to the embedded
 * local stack; a bad value throws a StartupError naming the variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(envSchema, env);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    host: e.HOST,
    port: e.PORT,
    publicUrl: new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).origin,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    rpcUrl: e.RPC_URL,
    publicRpcUrl: e.PUBLIC_RPC_URL ?? e.RPC_URL,
    chainId: e.CHAIN_ID,
    deploymentsFile: path.resolve(
      e.DEPLOYMENTS_FILE ?? path.join(dataDir, 'deployments', `${e.CHAIN_ID}.json`),
    ),
    ipfsApiUrl: e.IPFS_API_URL?.replace(/\/+$/, ''),
    uploadMaxMb: e.UPLOAD_MAX_MB,
    rateLimit: {
      authPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
      uploadPerMinute: e.RATE_LIMIT_UPLOAD_PER_MINUTE,
      signerPerMinute: e.RATE_LIMIT_SIGNER_PER_MINUTE,
      traitPerMinute: e.RATE_LIMIT_TRAIT_PER_MINUTE,
      redisUrl: e.REDIS_URL,
      redisKeyPrefix: e.REDIS_KEY_PREFIX,
    },
    maxOpenPerSigner: {
      offers: e.OFFERS_MAX_OPEN_PER_SIGNER,
      listings: e.LISTINGS_MAX_OPEN_PER_SIGNER,
    },
    trustProxy: e.TRUST_PROXY,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    liveFeedRetentionHours: e.LIVE_FEED_RETENTION_HOURS,
    liveReplayMaxEvents: e.LIVE_REPLAY_MAX_EVENTS,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(packageRoot, '..', 'web', 'dist')),
    logLevel: e.LOG_LEVEL,
  };
}

export type TrustProxy = false | number | string[];

/** Names proxy-addr understands for address ranges. */
const TRUST_PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: unset, `false` or `0` trusts no proxy (the peer address is the client); a number
 * of hops in front of the server; or a comma-separated list of proxy addresses, CIDRs and the
 * names loopback, linklocal, uniquelocal. `true` (trust anyone) is refused: any client could
 * then choose its own address. Returns the value or what is wrong with it.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | string {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') {
    return 'must be a hop count or proxy addresses/CIDRs (true would trust any client)';
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= 10 ? hops : 'hop count must be at most 10';
  }
  const entries = v.split(',').map((x) => x.trim());
  for (const entry of entries) {
    if (TRUST_PROXY_NAMES.includes(entry)) continue;
    const [address, prefix, extra] = entry.split('/');
    const family = net.isIP(address ?? '');
    const max = family === 6 ? 128 : 32;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= max);
    if (!family || !prefixOk || extra !== undefined) {
      return `has ${JSON.stringify(entry)}, which is not an IP address, a CIDR or one of ${TRUST_PROXY_NAMES.join(', ')}`;
    }
  }
  return entries;
}

/** Hides a password inside a URL before it is printed. */
export function redact(value: string): string {
  return value.replace(/(\/\/[^/:@]*:)[^@/]*@/, '$1***@');
}
