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
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 366)
    .default(SIGN_IN.sessionTtlHours),
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
  /** Requests per minute and client address on each sign-in route and on uploads. */
  rateLimit: { authPerMinute: number; uploadPerMinute: number };
  sessionTtlHours: number;
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
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const got = env[name];
    throw new StartupError(
      `${name} ${issue.message}${got !== undefined ? ` (got ${JSON.stringify(redact(got))})` : ''}`,
    );
  }
  const e = parsed.data;
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
    },
    sessionTtlHours: e.SESSION_TTL_HOURS,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(packageRoot, '..', 'web', 'dist')),
    logLevel: e.LOG_LEVEL,
  };
}

/** Hides a password inside a URL before it is printed. */
export function redact(value: string): string {
  return value.replace(/(\/\/[^/:@]*:)[^@/]*@/, '$1***@');
}
