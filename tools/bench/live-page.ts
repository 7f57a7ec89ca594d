// Live pages: from a trade's inclusion in a block to an open item page in Chromium
// showing it, without a reload. For each of N market listings in AIA (ERC721), a signed-out page
// holds the item open with its live stream connected; another wallet buys it straight on the
// chain; the figures are the time until the page's Buy turns into "Sold" (the stream's order
// event) and until it names the buyer as owner (the refetch the event started).
// Run alone: `npx tsx tools/bench/live-page.ts` (starts its own stack).
import type { Page } from 'playwright-core';
import { createPublicClient, createWalletClient, http, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { priceHash } from '@aiamarket/contracts';
import { ORDER_KIND, shortenAddress, type LiveEventVO, type OrderVO } from '@aiamarket/shared';
import { marketplaceAbi } from '@aiamarket/shared/abis';
import { DEMO_ACCOUNT_COUNT, demoAccountKey } from '../stack/demo-accounts.js';
import type { Stack } from '../stack/stack.js';
import { buildAll } from '../stack/build.js';
import { launchChromium } from '../stack/chromium.js';
import { consoleSteps } from '../stack/steps.js';
import { benchOnFreshStack } from './fresh-stack.js';

const TRADES = Number(process.env.BENCH_LIVE_TRADES ?? 10);
const ZERO = '0x0000000000000000000000000000000000000000';

async function listingsToBuy(url: string, count: number): Promise<OrderVO[]> {
  const res = await fetch(`${url}/v1/api/nftOrder/page`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page: 1, size: 100 }),
  });
  const body = (await res.json()) as { code: number; data: { records: OrderVO[] } };
  if (body.code !== 0) throw new Error(`nftOrder/page answered ${body.code}`);
  const seen = new Set<string>();
  return body.data.records
    .filter((o) => {
      const key = `${o.contractAddr}:${o.tokenId}`;
      const ok =
        o.kind === ORDER_KIND.market &&
        o.status === 0 &&
        o.contractType === 'ERC721' &&
        o.moneyAddr === ZERO &&
        !seen.has(key);
      seen.add(key);
      return ok;
    })
    .slice(0, count);
}

/**
 * A plain SSE client on the market topic beside the browser: when each order event reached a
 * subscriber (by order id), to tell the stream's share of the page's time from the page's own.
 */
function watchStream(url: string) {
  const arrivals = new Map<string, number[]>();
  const controller = new AbortController();
  void (async () => {
    const res = await fetch(`${url}/v1/api/events?topics=market`, { signal: controller.signal });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        const data = lines.find((l) => l.startsWith('data: '));
        if (!lines.includes('event: change') || !data) continue;
        const event = JSON.parse(data.slice('data: '.length)) as LiveEventVO;
        if (event.kind !== 'order') continue;
        const id = String(event.data.orderId);
        arrivals.set(id, [...(arrivals.get(id) ?? []), Date.now()]);
      }
    }
  })().catch(() => undefined);
  return {
    /** Milliseconds from `since` to the first event of the order at or after it. */
    after: (orderId: string, since: number) => {
      const at = arrivals.get(orderId)?.find((t) => t >= since);
      return at === undefined ? null : at - since;
    },
    close: () => controller.abort(),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function liveOpen(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.live === 'open', undefined, {
    timeout: 30_000,
  });
}

export interface LivePageFigures {
  trades: number;
  soldP50: number;
  soldMax: number;
  streamP50: number | null;
  streamMax: number | null;
  ownerP50: number;
  ownerMax: number;
}

/** Buys TRADES listings of the stack's demo market while an item page watches each. */
export async function livePageBench(stack: Stack): Promise<LivePageFigures> {
  // A fresh stack indexes its demo month after it starts: wait until the listings are there.
  let orders: OrderVO[] = [];
  for (const until = Date.now() + 300_000; ;) {
    orders = await listingsToBuy(stack.url, TRADES).catch(() => []);
    if (orders.length >= TRADES || Date.now() > until) break;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  if (orders.length === 0) throw new Error('live-page bench: no ERC721 listing in AIA to buy');
  const market = stack.deployment.contracts['Marketplace']!.address as Address;
  const accounts = Array.from({ length: DEMO_ACCOUNT_COUNT }, (_, i) =>
    privateKeyToAccount(demoAccountKey(i)),
  );
  const client = createPublicClient({ transport: http(stack.rpcUrl) });
  const browser = await launchChromium();
  const sold: number[] = [];
  const owner: number[] = [];
  const streamed: number[] = [];
  const stream = watchStream(stack.url);
  try {
    const page = await (
      await browser.newContext({ viewport: { width: 1366, height: 900 } })
    ).newPage();
    for (const o of orders) {
      // Demo account 0 deploys, 1 and 2 keep what other journeys expect: 3 on, not the seller.
      const buyer = accounts.find(
        (a, i) => i >= 3 && a.address.toLowerCase() !== o.ownerAddr.toLowerCase(),
      )!;
      await page.goto(`${stack.url}/asset?tokenId=${o.tokenId}&contractAddr=${o.contractAddr}`);
      await page.getByTestId('action-buy').waitFor({ timeout: 30_000 });
      await liveOpen(page);
      const wallet = createWalletClient({ account: buyer, transport: http(stack.rpcUrl) });
      const price = BigInt(o.priceWei);
      const hash = await wallet.writeContract({
        address: market,
        abi: marketplaceAbi,
        functionName: 'createMarketSale',
        args: [
          BigInt(o.orderId),
          1n,
          priceHash(o.contractAddr as Address, BigInt(o.tokenId), price),
        ],
        value: price,
        chain: null,
      });
      // anvil mines on arrival: the transaction is in a block when its hash comes back.
      const included = Date.now();
      // Buy leaves as the order event arrives (it turns into Sold), before the refetch answers.
      // Both checked at every frame (a locator's wait polls at growing intervals).
      const soldShown = page
        .waitForFunction(() => !document.querySelector('[data-testid="action-buy"]'), undefined, {
          timeout: 30_000,
          polling: 'raf',
        })
        .then(() => Date.now() - included);
      const ownerShown = page
        .waitForFunction(
          (text) => document.querySelector('[data-testid="item-owners"]')?.textContent === text,
          shortenAddress(buyer.address.toLowerCase()),
          { timeout: 30_000, polling: 'raf' },
        )
        .then(() => Date.now() - included);
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      if (receipt.status !== 'success') throw new Error(`the purchase of ${o.orderId} reverted`);
      sold.push(await soldShown);
      owner.push(await ownerShown);
      const viaStream = stream.after(o.orderId, included);
      if (viaStream !== null) streamed.push(viaStream);
    }
  } finally {
    stream.close();
    await browser.close();
  }
  streamed.sort((a, b) => a - b);
  sold.sort((a, b) => a - b);
  owner.sort((a, b) => a - b);
  const figures: LivePageFigures = {
    trades: sold.length,
    soldP50: percentile(sold, 50),
    soldMax: sold[sold.length - 1]!,
    streamP50: streamed.length ? percentile(streamed, 50) : null,
    streamMax: streamed.length ? streamed[streamed.length - 1]! : null,
    ownerP50: percentile(owner, 50),
    ownerMax: owner[owner.length - 1]!,
  };
  console.log(
    `\nLive item page in Chromium, ${figures.trades} trades by another wallet, from inclusion to the page (no reload):`,
  );
  console.table([
    {
      shown: `order event at an SSE client (${streamed.length})`,
      'p50 ms': figures.streamP50,
      'max ms': figures.streamMax,
    },
    {
      shown: 'Buy gone / Sold (stream event)',
      'p50 ms': figures.soldP50,
      'max ms': figures.soldMax,
    },
    { shown: 'owner = buyer (refetch)', 'p50 ms': figures.ownerP50, 'max ms': figures.ownerMax },
  ]);
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll(consoleSteps());
  await benchOnFreshStack('live-page', livePageBench);
}
