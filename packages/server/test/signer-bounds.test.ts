// Per-signer bounds through the real routes (app.inject, real EIP-712 signatures): the per-
// signer rate limit of listing/create and offer/create holds whichever client address sends
// (X-Forwarded-For behind a trusted proxy) while another signer still passes, and the open
// caps (10051 listings, 10050 offers) hold one at a time and under K concurrent creates.
// REDIS_URL set runs the rate limits on the shared Redis store.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { erc20Abi, parseUnits, type Address } from 'viem';
import { ERRORS, type ErrorName } from '@aiamarket/shared';
import { gameItems721Abi } from '@aiamarket/shared/abis';
import { buildApp } from '../src/app.js';
import type { Config } from '../src/config.js';
import { offers, signedListings } from '../src/db/schema.js';
import { CHAIN_ID, send } from './indexer/support.js';
import { ACTORS, buildWorld, lower, type World } from './support/market-world.js';
import {
  asText,
  listingFields,
  offerFields,
  signListing,
  signOffer,
} from './support/signed-orders.js';

type Who = 'alice' | 'bob' | 'carol' | 'dave';
const REDIS_URL = process.env.REDIS_URL;
const SIGNER_PER_MINUTE = 3;
const CAP = 3;
const RACERS = 8;

let w: World;
let listingsAddr: Address;
let offersAddr: Address;
let hero: Address;
let stable: Address;
/** A hero each of these sellers holds (minted here), approved to the Listings contract. */
const heroOf: Partial<Record<Who, bigint>> = {};
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  w = await buildWorld();
  listingsAddr = w.c.addr('Listings');
  offersAddr = w.c.addr('Offers');
  hero = w.c.addr('GameItems721');
  stable = w.c.addr('StableCoin');
  for (const who of ['dave', 'carol'] as const) {
    await send(w.c, 'owner', {
      address: hero,
      abi: gameItems721Abi,
      functionName: 'mint',
      args: [ACTORS[who].address, 1n],
    });
    await send(w.c, who, {
      address: hero,
      abi: gameItems721Abi,
      functionName: 'setApprovalForAll',
      args: [listingsAddr, true],
    });
  }
  for (let id = 1n; id <= 60n; id++) {
    const owner = await w.c.publicClient
      .readContract({ address: hero, abi: gameItems721Abi, functionName: 'ownerOf', args: [id] })
      .catch(() => null);
    for (const who of ['dave', 'carol'] as const) {
      if (owner && lower(owner) === lower(ACTORS[who].address)) heroOf[who] ??= id;
    }
  }
  expect(heroOf.dave).toBeDefined();
  expect(heroOf.carol).toBeDefined();
}, 240_000);
afterAll(async () => {
  for (const app of apps) await app.close();
  await w?.close();
});

/** An app on the world's database and chain with these limits, trusting one proxy hop. */
async function appWith(over: {
  signerPerMinute?: number;
  caps?: Config['maxOpenPerSigner'];
}): Promise<FastifyInstance> {
  const base = w.ctx.config;
  const app = await buildApp({
    ...w.ctx,
    config: {
      ...base,
      trustProxy: 1,
      rateLimit: {
        authPerMinute: 1_000_000,
        uploadPerMinute: 1_000_000,
        signerPerMinute: over.signerPerMinute ?? 1_000_000,
        ...(REDIS_URL
          ? { redisUrl: REDIS_URL, redisKeyPrefix: `test:${randomBytes(6).toString('hex')}:` }
          : {}),
      },
      maxOpenPerSigner: over.caps ?? { offers: 1_000, listings: 1_000 },
    },
  });
  apps.push(app);
  await app.ready();
  return app;
}

let client = 0;
/** POSTs from a new client address each time (the last X-Forwarded-For hop). */
async function post(app: FastifyInstance, url: string, payload: unknown) {
  client += 1;
  const res = await app.inject({
    method: 'POST',
    url: `/v1/api${url}`,
    payload: payload as Record<string, unknown>,
    headers: { 'x-forwarded-for': `10.0.${client >> 8}.${client & 255}` },
  });
  return { status: res.statusCode, body: res.json() as { code: number; message: string } };
}

async function createListing(app: FastifyInstance, who: 'dave' | 'carol') {
  const l = listingFields({ seller: ACTORS[who].address, collection: hero, tokenId: heroOf[who]! });
  const signature = await signListing(ACTORS[who].privateKey, listingsAddr, l, CHAIN_ID);
  return post(app, '/listing/create', { listings: [asText(l)], signature, bulk: false });
}

/** An item offer of 1 USDT on hero 2 (alice's). */
async function createOffer(app: FastifyInstance, who: Who) {
  const t = offerFields({
    offerer: ACTORS[who].address,
    collection: hero,
    identifier: 2n,
    coin: stable,
    pricePerUnit: parseUnits('1', 6),
  });
  const signature = await signOffer(ACTORS[who].privateKey, offersAddr, t, CHAIN_ID);
  return post(app, '/offer/create', { offer: asText(t), signature });
}

/** The actors other than alice holding at least 1 USDT, approved to the Offers contract. */
async function fundedOfferers(): Promise<Who[]> {
  const out: Who[] = [];
  for (const who of ['bob', 'carol', 'dave'] as const) {
    const balance = await w.c.publicClient.readContract({
      address: stable,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [ACTORS[who].address],
    });
    if (balance < parseUnits('1', 6)) continue;
    await send(w.c, who, {
      address: stable,
      abi: erc20Abi,
      functionName: 'approve',
      args: [offersAddr, balance],
    });
    out.push(who);
  }
  return out;
}

const expectCode = (res: { status: number; body: { code: number } }, name: ErrorName) => {
  expect(res.body.code).toBe(ERRORS[name].code);
  expect(res.status).toBe(ERRORS[name].status);
};
const expectOk = (res: { status: number; body: { code: number; message: string } }) => {
  expect(res.body.code, res.body.message).toBe(0);
  expect(res.status).toBe(200);
};

async function openListings(who: Who) {
  const [row] = await w.ctx.database.db
    .select({ n: count() })
    .from(signedListings)
    .where(eq(signedListings.seller, lower(ACTORS[who].address)));
  return row!.n;
}
async function openOffers(who: Who) {
  const [row] = await w.ctx.database.db
    .select({ n: count() })
    .from(offers)
    .where(eq(offers.offerer, lower(ACTORS[who].address)));
  return row!.n;
}
const clearListings = (who: Who) =>
  w.ctx.database.db
    .delete(signedListings)
    .where(eq(signedListings.seller, lower(ACTORS[who].address)));
const clearOffers = (who: Who) =>
  w.ctx.database.db.delete(offers).where(eq(offers.offerer, lower(ACTORS[who].address)));

describe('per-signer rate limit', () => {
  it('refuses the (N+1)th listing/create of a seller within a minute from any client', async () => {
    const app = await appWith({ signerPerMinute: SIGNER_PER_MINUTE });
    await clearListings('dave');
    for (let i = 0; i < SIGNER_PER_MINUTE; i++) expectOk(await createListing(app, 'dave'));
    expectCode(await createListing(app, 'dave'), 'tooManyRequests');
    expect(await openListings('dave')).toBe(SIGNER_PER_MINUTE);
    expectOk(await createListing(app, 'carol'));
  }, 60_000);

  it('refuses the (N+1)th offer/create of an offerer within a minute from any client', async () => {
    const app = await appWith({ signerPerMinute: SIGNER_PER_MINUTE });
    const [first, second] = await fundedOfferers();
    expect(second).toBeDefined();
    await clearOffers(first!);
    for (let i = 0; i < SIGNER_PER_MINUTE; i++) expectOk(await createOffer(app, first!));
    expectCode(await createOffer(app, first!), 'tooManyRequests');
    expect(await openOffers(first!)).toBe(SIGNER_PER_MINUTE);
    expectOk(await createOffer(app, second!));
  }, 60_000);
});

describe('open caps', () => {
  it('refuses the listing past the cap (10051), storing nothing', async () => {
    const app = await appWith({ caps: { offers: 1_000, listings: CAP } });
    await clearListings('carol');
    for (let i = 0; i < CAP; i++) expectOk(await createListing(app, 'carol'));
    expectCode(await createListing(app, 'carol'), 'listingOpenLimit');
    expect(await openListings('carol')).toBe(CAP);
  }, 60_000);

  it(`never leaves more than the cap open under ${RACERS} concurrent listing/create`, async () => {
    const app = await appWith({ caps: { offers: 1_000, listings: CAP } });
    await clearListings('carol');
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () => createListing(app, 'carol')),
    );
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(CAP);
    for (const refused of answers.filter((a) => a.body.code !== 0)) {
      expectCode(refused, 'listingOpenLimit');
    }
    expect(await openListings('carol')).toBe(CAP);
  }, 60_000);

  it('refuses the offer past the cap (10050), storing nothing', async () => {
    const app = await appWith({ caps: { offers: CAP, listings: 1_000 } });
    const [who] = await fundedOfferers();
    await clearOffers(who!);
    for (let i = 0; i < CAP; i++) expectOk(await createOffer(app, who!));
    expectCode(await createOffer(app, who!), 'offerOpenLimit');
    expect(await openOffers(who!)).toBe(CAP);
  }, 60_000);

  it(`never leaves more than the cap open under ${RACERS} concurrent offer/create`, async () => {
    const app = await appWith({ caps: { offers: CAP, listings: 1_000 } });
    const [who] = await fundedOfferers();
    await clearOffers(who!);
    const answers = await Promise.all(Array.from({ length: RACERS }, () => createOffer(app, who!)));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(CAP);
    for (const refused of answers.filter((a) => a.body.code !== 0)) {
      expectCode(refused, 'offerOpenLimit');
    }
    expect(await openOffers(who!)).toBe(CAP);
  }, 60_000);
});
