import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPublicClient, http, zeroAddress, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@aiamarket/server/admin';
import { ACTIVITY_METHOD, addDecimals, ERRORS, toReference } from '@aiamarket/shared';
import { stableCoinAbi } from '@aiamarket/shared/abis';
import { buildAll } from './build.js';
import { demoAccounts } from './demo-accounts.js';
import { DEMO_COLLECTIONS, DEMO_LEVEL_UP } from './demo-collections.js';
import { DEMO_HISTORY_DAYS, DEMO_STABLE_COIN_BALANCE, DEMO_USDT_RATE } from './seed.js';
import { startStack, type Stack } from './stack.js';
import { silentSteps, type StepLogger } from './steps.js';

let dataDir: string;
const DAY = 86_400_000;

beforeAll(async () => {
  await buildAll(silentSteps);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aiamarket-stack-'));
}, 300_000);

afterAll(async () => {
  // The world is a few thousand files (IPFS store, database, chain state).
  await fs.promises.rm(dataDir, { recursive: true, force: true });
}, 60_000);

/** Starts the stack in dataDir and records which steps ran. */
async function start(fresh = false): Promise<{ stack: Stack; ran: string[] }> {
  const ran: string[] = [];
  const steps: StepLogger = {
    step: (label, run) => {
      ran.push(label);
      return run();
    },
    info: () => undefined,
  };
  const stack = await startStack({ dataDir, port: 0, anvilPort: 0, fresh, steps });
  return { stack, ran };
}

const client = (stack: Stack) => createPublicClient({ transport: http(stack.rpcUrl) });

async function demoBalance(stack: Stack): Promise<bigint> {
  return client(stack).readContract({
    address: stack.deployment.contracts.StableCoin!.address as Address,
    abi: stableCoinAbi,
    functionName: 'balanceOf',
    args: [stack.accounts[1]!.address as Address],
  });
}

/** Listed orders the market page shows (it leaves out items whose metadata is not in yet). */
async function listedTotal(stack: Stack): Promise<number> {
  const res = await fetch(`${stack.url}/v1/api/nftOrder/page`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page: 1, size: 1, status: 0 }),
  });
  const body = (await res.json()) as { data?: { total?: number } };
  return body.data?.total ?? 0;
}

/** Waits until the indexer and the metadata fetcher have caught up (the total stops moving). */
async function waitForIndexer(stack: Stack) {
  const deadline = Date.now() + 150_000;
  let last = -1;
  for (;;) {
    const total = await listedTotal(stack);
    if (total >= 100 && total === last) return total;
    if (Date.now() > deadline) throw new Error(`the market shows ${total} listings after 150 s`);
    last = total;
    await new Promise((r) => setTimeout(r, 4_000));
  }
}

/** The tables of the demo world, read after the stack stopped (PGlite has one user). */
async function readWorld() {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const q = database.db.query;
    return {
      profiles: await q.collectionProfiles.findMany(),
      metadata: await q.tokenMetadata.findMany(),
      orders: await q.orders.findMany(),
      sales: await q.marketEvents.findMany({ where: (e, { eq }) => eq(e.kind, 'sold') }),
      activities: await q.activities.findMany(),
      volumeHours: await q.collectionVolumeHours.findMany(),
      projects: await q.launchpadProjects.findMany(),
      primary: await q.primaryActivities.findMany(),
      primaryItems: await q.primaryActivityItems.findMany(),
    };
  } finally {
    await database.close();
  }
}

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

async function api<T>(stack: Stack, route: string, init?: RequestInit): Promise<Envelope<T>> {
  const res = await fetch(`${stack.url}/v1/api${route}`, init);
  return (await res.json()) as Envelope<T>;
}

/** Signs in through the real API as demo account 1 (the wallet's calls); the session token. */
async function signIn(stack: Stack): Promise<string> {
  const account = demoAccounts()[1]!;
  const address = account.address.toLowerCase();
  const nonce = await api<string>(stack, `/user/nonce/${address}`);
  expect(nonce.code, nonce.message).toBe(0);
  const sign = await api<{ message: string }>(
    stack,
    `/user/signMessage/${address}?nonce=${nonce.data}`,
  );
  expect(sign.code, sign.message).toBe(0);
  const signature = await account.signMessage({ message: sign.data.message });
  const auth = await api<string>(stack, '/user/authNew', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userAddr: address, signature, msg: sign.data.message }),
  });
  expect(auth.code, auth.message).toBe(0);
  return auth.data;
}

/** Uploads an SVG as a collection profile image, as the collection edit page does. */
function uploadSvg(stack: Stack, token: string, svg: string): Promise<Envelope<string>> {
  const form = new FormData();
  form.append('purpose', 'collectionProfile');
  form.append('file', new Blob([svg], { type: 'image/svg+xml' }), 'logo.svg');
  return api<string>(stack, '/ipfs/upload', { method: 'POST', headers: { token }, body: form });
}

/**
 * SVGs are sanitised in a worker thread that the bundled server starts from dist/svg-worker.js;
 * only the built stack shows that the bundle finds it (from source, vitest and tsx do).
 */
async function checkSvgUploads(stack: Stack) {
  const token = await signIn(stack);
  const hostile =
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)">' +
    '<script>alert(2)</script><rect width="10" height="10" fill="#3a7"/></svg>';
  const stored = await uploadSvg(stack, token, hostile);
  expect(stored.code, stored.message).toBe(0);
  expect(stored.data).toMatch(/^\/ipfs\/b[a-z2-7]+$/);
  const served = await fetch(`${stack.url}${stored.data}`);
  expect(served.status).toBe(200);
  const text = await served.text();
  expect(text).toContain('<rect');
  expect(text).not.toMatch(/<script|onload|alert/i);

  const deep = `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(200)}${'</g>'.repeat(200)}</svg>`;
  const refused = await uploadSvg(stack, token, deep);
  expect(refused.code, refused.message).toBe(ERRORS.svgTooComplex.code);
}

describe('the local stack', () => {
  let ordersAfterFirstStart = 0;

  it('deploys and seeds a full demo world on a fresh start', async () => {
    const first = await start(true);
    const { stack } = first;
    expect(first.ran).toContain('deploying contracts');
    expect(first.ran).toContain('seeding demo data');
    expect(await demoBalance(stack)).toBe(DEMO_STABLE_COIN_BALANCE);
    // The chain began a month ago and the seed ended at the wall clock.
    const genesis = await client(stack).getBlock({ blockNumber: 0n });
    const latest = await client(stack).getBlock();
    expect(Date.now() - Number(genesis.timestamp) * 1000).toBeGreaterThan(DEMO_HISTORY_DAYS * DAY);
    expect(Math.abs(Date.now() - Number(latest.timestamp) * 1000)).toBeLessThan(10 * 60_000);
    for (const c of DEMO_COLLECTIONS)
      expect(stack.deployment.contracts[c.deploymentName]).toBeDefined();
    await waitForIndexer(stack);
    await stack.stop();

    const w = await readWorld();
    const now = Date.now();
    const stable = stack.deployment.contracts.StableCoin!.address.toLowerCase();

    // Collections: a page each, with generated images; the game ones have indexed metadata.
    const game = DEMO_COLLECTIONS.filter((c) => !c.launchpad);
    expect(game.length).toBeGreaterThanOrEqual(6);
    expect(new Set(game.map((c) => c.type))).toEqual(new Set(['ERC721', 'ERC1155']));
    for (const c of DEMO_COLLECTIONS) {
      const address = stack.deployment.contracts[c.deploymentName]!.address.toLowerCase();
      const page = w.profiles.find((p) => p.contractAddr === address);
      expect(page?.linkCollection, c.name).toBe(c.link);
      for (const url of [page?.headUrl, page?.coverUrl, page?.backgroundUrl]) {
        expect(url).toMatch(/^\/ipfs\/b[a-z2-7]+$/);
      }
    }
    const gameAddresses = new Set(
      game.map((c) => stack.deployment.contracts[c.deploymentName]!.address.toLowerCase()),
    );
    const items = w.metadata.filter((m) => gameAddresses.has(m.contractAddr));
    expect(items.length).toBeGreaterThanOrEqual(250);
    for (const m of items) {
      expect(m.status, `${m.contractAddr}/${m.tokenId}: ${m.error}`).toBe('ok');
      expect(m.tokenUri).toMatch(/^ipfs:\/\/b[a-z2-7]+\/[0-9a-f]+$/);
      expect(m.imageUrl).toMatch(/^\/ipfs\/b[a-z2-7]+$/);
      expect(m.properties?.length).toBeGreaterThanOrEqual(2);
      expect(m.properties?.length).toBeLessThanOrEqual(4);
    }
    // The hero that levelled up (setTokenURI, ERC-4906 MetadataUpdate) shows its level-2 metadata.
    const heroes = stack.deployment.contracts[DEMO_LEVEL_UP.deploymentName]!.address.toLowerCase();
    const hero = items.find(
      (m) => m.contractAddr === heroes && m.tokenId === String(DEMO_LEVEL_UP.tokenId),
    );
    expect(hero?.name).toMatch(/\(Level 2\)$/);
    expect(hero?.properties).toContainEqual({ name: 'Level', value: '2' });

    // Listings in both coins (ERC1155 partly sold too), sold, cancelled and force-cancelled ones.
    const listed = w.orders.filter((o) => o.status === 0);
    expect(listed.length).toBeGreaterThanOrEqual(100);
    expect(listed.some((o) => o.moneyAddr === zeroAddress)).toBe(true);
    expect(listed.some((o) => o.moneyAddr === stable)).toBe(true);
    expect(
      w.orders.some((o) => o.contractType === 'ERC1155' && BigInt(o.leftAmount) < BigInt(o.amount)),
    ).toBe(true);
    for (const status of [1, 2, 3]) expect(w.orders.some((o) => o.status === status)).toBe(true);
    ordersAfterFirstStart = w.orders.length;

    // The USDT rate was set before the history: every USDT sale stored it, every USDT listing is
    // compared at it (AIA ones at 1).
    const rate = (coin: string | null) => (coin === stable ? DEMO_USDT_RATE : '1');
    expect(w.sales.some((e) => e.coin === stable)).toBe(true);
    for (const e of w.sales) expect(addDecimals([e.refRate ?? 'none'])).toBe(rate(e.coin));
    for (const o of listed) {
      expect(addDecimals([o.priceRef ?? 'none'])).toBe(
        toReference(o.priceValue, rate(o.moneyAddr)),
      );
    }

    // Trades older than 7 days and within the last day; price updates and cancels.
    const trades = w.activities.filter((a) => a.method === ACTIVITY_METHOD.trade);
    expect(trades.length).toBeGreaterThanOrEqual(100);
    expect(trades.some((a) => now - a.blockTime.getTime() > 7 * DAY)).toBe(true);
    expect(trades.some((a) => now - a.blockTime.getTime() < DAY)).toBe(true);
    expect(trades.every((a) => now - a.blockTime.getTime() < (DEMO_HISTORY_DAYS + 1) * DAY)).toBe(
      true,
    );
    for (const method of [ACTIVITY_METHOD.priceUpdate, ACTIVITY_METHOD.cancel]) {
      expect(w.activities.some((a) => a.method === method)).toBe(true);
    }
    expect(w.volumeHours.some((v) => now - v.hour.getTime() > 7 * DAY)).toBe(true);
    expect(w.volumeHours.some((v) => now - v.hour.getTime() < DAY)).toBe(true);

    // Launchpad pages and primary activities in each state.
    expect(w.projects.length).toBeGreaterThanOrEqual(2);
    const itemsOf = (id: number) => w.primaryItems.filter((i) => i.activityId === id);
    const waiting = w.primary.filter((a) => a.startAt.getTime() > now);
    const live = w.primary.filter((a) => a.startAt.getTime() <= now && a.endAt.getTime() > now);
    const ended = w.primary.filter((a) => a.endAt.getTime() <= now);
    expect(waiting.length).toBeGreaterThanOrEqual(1);
    expect(ended.length).toBeGreaterThanOrEqual(1);
    expect(live.some((a) => itemsOf(a.id).every((i) => i.residueNum === 0))).toBe(true);
    expect(live.some((a) => itemsOf(a.id).some((i) => i.residueNum > 0))).toBe(true);
  }, 400_000);

  it('keeps everything across a restart without seeding again', async () => {
    const second = await start();
    expect(second.ran).not.toContain('deploying contracts');
    expect(second.ran).not.toContain('seeding demo data');
    expect(await demoBalance(second.stack)).toBe(DEMO_STABLE_COIN_BALANCE);
    const health = (await (await fetch(`${second.stack.url}/v1/api/health`)).json()) as {
      code: number;
    };
    expect(health.code).toBe(0);
    // The restarted stack is reused to check SVG uploads against the bundled server.
    try {
      await checkSvgUploads(second.stack);
    } finally {
      await second.stack.stop();
    }
    expect((await readWorld()).orders.length).toBe(ordersAfterFirstStart);
  }, 180_000);

  it('saves the content on the next start when a start failed after seeding the chain', async () => {
    fs.rmSync(path.join(dataDir, 'seeded.json'), { force: true });
    const again = await start();
    expect(again.ran).not.toContain('deploying contracts');
    expect(again.ran).toContain('seeding demo data');
    // The chain is not seeded twice: no second stable-coin mint, no new listings.
    expect(await demoBalance(again.stack)).toBe(DEMO_STABLE_COIN_BALANCE);
    await again.stack.stop();
    const w = await readWorld();
    expect(w.orders.length).toBe(ordersAfterFirstStart);
    expect(w.profiles.length).toBeGreaterThanOrEqual(DEMO_COLLECTIONS.length);
  }, 180_000);
});
