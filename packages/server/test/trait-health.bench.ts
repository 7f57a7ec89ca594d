// GET /health while 4 clients hammer offer/traitSet and offer/proof over one 10,000-token
// trait (the first build of its set included), then the storage one more trait offer naming
// the set adds. Prints the p50/p99/max of /health, the longest event-loop turn of the whole
// run, and rows and bytes added per trait offer.
//   npx tsx test/trait-health.bench.ts            (PGlite; DATABASE_URL for PostgreSQL)
//   BENCH_CLIENTS=4 BENCH_ROUNDS=25 npx tsx test/trait-health.bench.ts
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { count, sql } from 'drizzle-orm';
import { OFFER_KIND, traitTree } from '@aiamarket/shared';
import { buildApp } from '../src/app.js';
import {
  attrCategories,
  attrValues,
  offers,
  tokenAttributes,
  traitSets,
  traitSetTokens,
  type NewOfferRow,
} from '../src/db/schema.js';
import { createTestContext } from './support/context.js';
import { longestSlice } from './support/event-loop.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 25);
const TOKENS = 10_000;
const COLLECTION = '0x' + '11'.repeat(20);

const t = await createTestContext({
  trustProxy: ['loopback'],
  rateLimit: { authPerMinute: 1_000_000, uploadPerMinute: 1_000_000, traitPerMinute: 1_000_000 },
});
const chainId = t.ctx.config.chainId;
const db = t.ctx.database.db;
const [category] = await db
  .insert(attrCategories)
  .values({ chainId, contractAddr: COLLECTION, name: 'Rarity' })
  .returning();
const [value] = await db
  .insert(attrValues)
  .values({ categoryId: category!.id, value: 'Common' })
  .returning();
const valueId = value!.id;
for (let i = 0; i < TOKENS; i += 1_000) {
  await db.insert(tokenAttributes).values(
    Array.from({ length: 1_000 }, (_, j) => ({
      chainId,
      contractAddr: COLLECTION,
      tokenId: String(1 + i + j),
      valueId,
    })),
  );
}
const root = BigInt(
  traitTree(Array.from({ length: TOKENS }, (_, i) => BigInt(i + 1))).root,
).toString();
let salt = 0;
const traitOffer = (): NewOfferRow => {
  salt += 1;
  return {
    chainId,
    offersAddr: '0x' + '22'.repeat(20),
    orderHash: '0x' + salt.toString(16).padStart(64, '0'),
    offerer: '0x' + '44'.repeat(20),
    contractAddr: COLLECTION,
    kind: OFFER_KIND.trait,
    erc1155: false,
    identifier: root,
    tokenId: null,
    traitValueId: valueId,
    units: '1',
    coin: '0x' + '33'.repeat(20),
    pricePerUnit: '1000',
    priceValue: '0.001',
    priceRef: null,
    startTime: new Date(Date.now() - 60_000),
    endTime: new Date(Date.now() + 86_400_000),
    salt: String(salt),
    counter: '0',
    signature: '0x' + 'ab'.repeat(65),
  };
};
const first = traitOffer();
await db.insert(offers).values(first);

const app = await buildApp(t.ctx);
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as { port: number };
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS + 4 });

function request(method: 'GET' | 'POST', path: string, body?: unknown, client = 0) {
  return new Promise<number>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent,
        headers: {
          'x-forwarded-for': `203.0.113.${client + 1}`,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
const timeHealth = async () => {
  const start = performance.now();
  await request('GET', '/health');
  return performance.now() - start;
};
for (let i = 0; i < 5; i++) await timeHealth();

let done = 0;
const statuses = new Map<number, number>();
const times: number[] = [];
const run = await longestSlice(async () => {
  const clients = Array.from({ length: CLIENTS }, async (_, client) => {
    for (let round = 0; round < ROUNDS; round++) {
      const a = await request(
        'POST',
        '/v1/api/offer/traitSet',
        { contractAddr: COLLECTION, valueId },
        client,
      );
      const b = await request(
        'POST',
        '/v1/api/offer/proof',
        { orderHash: first.orderHash, tokenId: String(1 + ((round * 397 + client) % TOKENS)) },
        client,
      );
      for (const s of [a, b]) statuses.set(s, (statuses.get(s) ?? 0) + 1);
    }
    done += 1;
  });
  while (done < CLIENTS) times.push(await timeHealth());
  await Promise.all(clients);
});

async function relationBytes() {
  const result = await db.execute(
    sql`select pg_total_relation_size('offers')::text as o, pg_total_relation_size('trait_sets')::text as s,
      pg_total_relation_size('trait_set_tokens')::text as t`,
  );
  const row = (result as unknown as { rows: { o: string; s: string; t: string }[] }).rows[0]!;
  return Number(row.o) + Number(row.s) + Number(row.t);
}
async function rows() {
  const [o] = await db.select({ n: count() }).from(offers);
  const [s] = await db.select({ n: count() }).from(traitSets);
  const [k] = await db.select({ n: count() }).from(traitSetTokens);
  return o!.n + s!.n + k!.n;
}
const bytes0 = await relationBytes();
const rows0 = await rows();
await db.insert(offers).values(traitOffer());
const secondRows = (await rows()) - rows0;
const secondBytes = (await relationBytes()) - bytes0;
const MORE = 200;
for (let i = 0; i < MORE; i++) await db.insert(offers).values(traitOffer());
const perOfferBytes = ((await relationBytes()) - bytes0) / (MORE + 1);

await app.close();
agent.destroy();
const kind = t.ctx.database.kind;
await t.cleanup();

times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
console.log(
  JSON.stringify({
    database: kind,
    clients: CLIENTS,
    rounds: ROUNDS,
    statuses: Object.fromEntries(statuses),
    healthRequests: times.length,
    healthP50Ms: Math.round(at(0.5)),
    healthP99Ms: Math.round(at(0.99)),
    healthMaxMs: Math.round(times.at(-1)!),
    longestTurnMs: Math.round(run.longest),
    longestTurnWallMs: Math.round(run.longestWall),
    secondOfferRows: secondRows,
    secondOfferBytes: secondBytes,
    bytesPerOfferOver201: Math.round(perOfferBytes),
  }),
);
process.exit(0);
