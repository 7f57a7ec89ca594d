import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decodeEventLog, parseUnits, zeroAddress, type Abi, type Address, type Hex } from 'viem';
import { gameItems721Abi, listingsAbi, stableCoinAbi } from '@aiamarket/shared/abis';
import {
  ACTIVITY_METHOD,
  ORDER_KIND,
  STABLE_COIN_DECIMALS,
  shortenAddress,
  type OrderVO,
} from '@aiamarket/shared';
import { accountOf } from './chain.js';
import { useJourney } from './journey.js';

// The signed-listing journeys on the seeded demo chain, in Chromium with the injected
// test wallet: a seller bulk-lists 22 heroes from the account page's select mode with ONE
// signature, 20 in AIA and two picked in the stable coin (the wallet is asked to sign the
// listings themselves, item by item, as a BulkListing tree); another wallet puts five of them in its cart while
// a third buys one of the five first; after a reload the cart marks that one and checks out the
// other four in one sweep; a signed listing whose item is transferred leaves the market.

const journey = useJourney('listings', { privateWebDist: true });

/** Scrolls the page down until `card` is there (the grids load a page at a time). */
const scrollTo = (page: Page, card: Locator) =>
  expect
    .poll(
      async () => {
        if (await card.count()) return true;
        await page.mouse.wheel(0, 2000);
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);

/** The buyable signed listing of a token, if the API shows one. */
async function signedListingOf(nft: Address, tokenId: bigint): Promise<OrderVO | null> {
  const page = await journey.post<{ records: OrderVO[] }>('/nftOrder/getOrderList', {
    contractAddr: nft.toLowerCase(),
    tokenId: tokenId.toString(),
  });
  return (
    page?.records.find((o) => o.kind === ORDER_KIND.signed && o.status === 0 && o.signed) ?? null
  );
}

/** The seeded heroes of each demo account: index -> token ids. */
async function heroesByAccount(): Promise<Map<number, bigint[]>> {
  const by = new Map<number, bigint[]>();
  for (const [id, who] of await journey.heroesHeld()) by.set(who, [...(by.get(who) ?? []), id]);
  return by;
}

/**
 * Select mode on the seller's Collected tab: lists `ids` in the coin at `coinIndex` at `price`,
 * those of `own` in their own coin and price, with one signature.
 */
async function bulkList(
  page: Page,
  seller: Address,
  ids: bigint[],
  coinIndex: number,
  price: string,
  own = new Map<bigint, { coinIndex: number; price: string }>(),
) {
  const heroes = journey.contract('GameItems721').toLowerCase();
  await page.goto(`${journey.stack().url}/account/0/${seller}`);
  await page.getByTestId('bulk-select-toggle').waitFor({ timeout: 30_000 });
  await page.getByTestId('bulk-select-toggle').click();
  for (const id of ids) {
    const card = page.locator('li', {
      has: page.locator(`a[data-token-id="${id}"][href*="${heroes}"]`),
    });
    // The Collected grid loads 24 a page: scroll until the card is there.
    await scrollTo(page, card);
    await card.getByTestId('bulk-select-item').check();
  }
  await page.getByTestId('bulk-list').click();
  const modal = page.getByTestId('bulk-list-modal');
  await modal.waitFor();
  await expect
    .poll(() => modal.getByTestId('bulk-coin').locator('option').count())
    .toBeGreaterThan(coinIndex);
  await modal.getByTestId('bulk-coin').selectOption({ index: coinIndex });
  await modal.getByTestId('price-input').fill(price);
  for (const [id, o] of own) {
    const line = modal.locator(`[data-testid="bulk-item"][data-item-key="${heroes}:${id}"]`);
    await line.getByTestId('bulk-item-coin').selectOption({ index: o.coinIndex });
    await line.getByTestId('bulk-item-price').fill(o.price);
  }
  await modal.getByTestId('bulk-list-review').click();
  await modal.getByTestId('bulk-confirm-step').waitFor();
  await journey.shot(page, `bulk-confirm-${coinIndex}`);
  // The review names each item's price and coin before anything is signed.
  const coinsReviewed = await modal.getByTestId('bulk-confirm-coin').allInnerTexts();
  expect(coinsReviewed).toHaveLength(ids.length);
  expect(new Set(coinsReviewed).size).toBe(
    new Set([coinIndex, ...[...own.values()].map((o) => o.coinIndex)]).size,
  );
  await modal.getByTestId('bulk-list-confirm').click();
  await journey.settled(modal);
  await modal.getByTestId('bulk-list-success').waitFor();
  await modal.getByRole('button', { name: 'Close' }).first().click();
}

/**
 * Opens, beside the seller's page `s` (on the item), the market grid and the seller's activity in
 * the same wallet's tabs, each once its live stream is open. `sold(buyer)` then waits until,
 * without a reload, the item page has lost Cancel and names the buyer as owner, the grid has lost
 * the card and the activity has a new sale row: the milliseconds each took.
 */
async function watchLive(s: Page, nft: Address, tokenId: bigint, seller: Address) {
  await s.goto(`${journey.stack().url}/asset?tokenId=${tokenId}&contractAddr=${nft}`);
  await s.getByTestId('action-cancel').waitFor({ timeout: 30_000 });
  // The tabs share the first one's stream: the others open none (they would hit the per-address
  // cap of the server together otherwise).
  const streamsOf = new Set<Page>();
  const onRequest = (request: Request) => {
    if (!new URL(request.url()).pathname.endsWith('/events')) return;
    // A service worker's request has no frame: it belongs to no tab's code.
    if (request.serviceWorker()) return;
    streamsOf.add(request.frame().page());
  };
  s.context().on('request', onRequest);
  const market = await s.context().newPage();
  await market.goto(`${journey.stack().url}/marketplace`);
  const card = market
    .getByTestId('market-grid')
    .locator(`a[data-token-id="${tokenId}"][href*="${nft.toLowerCase()}"]`);
  await scrollTo(market, card);
  const activity = await s.context().newPage();
  await activity.goto(`${journey.stack().url}/account/0/${seller}?tab=activities`);
  const sales = activity.locator(
    `[data-testid="account-all-row"][data-method="${ACTIVITY_METHOD.trade}"]`,
  );
  await activity.getByTestId('account-all-row').first().waitFor({ timeout: 30_000 });
  const salesBefore = await sales.count();
  await Promise.all([s, market, activity].map(journey.liveOpen));
  s.context().off('request', onRequest);
  expect([...streamsOf].filter((p) => p !== s)).toEqual([]);
  const sold = async (buyer: Address) => {
    const start = Date.now();
    const within = { timeout: 10_000 };
    const took = async (done: Promise<unknown>) => {
      await done;
      return Date.now() - start;
    };
    const [item, owner, grid, row] = await Promise.all([
      took(s.getByTestId('action-cancel').waitFor({ state: 'detached', ...within })),
      took(
        expect
          .poll(() => s.getByTestId('item-owners').innerText(), { ...within, interval: 50 })
          .toBe(shortenAddress(buyer)),
      ),
      took(card.waitFor({ state: 'detached', ...within })),
      took(
        expect.poll(() => sales.count(), { ...within, interval: 50 }).toBeGreaterThan(salesBefore),
      ),
    ]);
    await journey.shot(s, 'live-item-sold');
    await journey.shot(market, 'live-market');
    await market.close();
    await activity.close();
    return { item, owner, grid, row };
  };
  return { sold };
}

describe('signed listings', () => {
  it('22 bulk-listed with one signature over the listings themselves (20 in AIA, 2 in USDT), swept in AIA and USDT with one item bought first marked and left out; a transferred item leaves the market', async () => {
    const c = journey.client();
    const { heroes, listings: listingsAddr, stable } = journey.contracts();
    const BUYER = 5;
    const RIVAL = 6;
    const by = await heroesByAccount();
    const [sellerIndex, held] = [...by.entries()]
      .filter(([who]) => who !== BUYER && who !== RIVAL && who !== 0)
      .sort((a, b) => b[1].length - a[1].length)[0]!;
    const seller = accountOf(sellerIndex);
    // The seller gathers 22 heroes from the other demo accounts (setup, not under test).
    for (const [who, ids] of by) {
      if (who === sellerIndex || who === BUYER || who === RIVAL) continue;
      for (const id of ids) {
        if (held.length >= 22) break;
        await journey.send(who, heroes, gameItems721Abi as Abi, 'transferFrom', [
          accountOf(who),
          seller,
          id,
        ]);
        held.push(id);
      }
    }
    expect(held.length).toBe(22);
    const aiaIds = held.slice(0, 20);
    const usdtIds = held.slice(20, 22);

    journey.step(
      `Account ${sellerIndex} bulk-lists 22 heroes with one signature: 0.5 AIA each, ` +
        `heroes ${usdtIds.join(', ')} at 2 in the stable coin.`,
    );
    const { page: s, wallet: sw } = await journey.signedInPage(sellerIndex);
    const signatures = () => sw.calls.filter((m) => m === 'eth_signTypedData_v4').length;
    const before = signatures();
    const typedBefore = sw.typedData.length;
    await bulkList(
      s,
      seller,
      [...aiaIds, ...usdtIds],
      0,
      '0.5',
      new Map(usdtIds.map((id) => [id, { coinIndex: 1, price: '2' }])),
    );
    expect(signatures() - before).toBe(1);
    // What the wallet was asked to sign: the listings themselves, item by item, not a hash.
    const asked = sw.typedData.slice(typedBefore) as {
      primaryType: string;
      types: Record<string, { name: string; type: string }[]>;
      message: { tree: unknown };
    }[];
    expect(asked).toHaveLength(1);
    expect(asked[0]!.primaryType).toBe('BulkListing');
    // 22 listings: a tree of 32 leaves, Listing nested five pairs deep.
    expect(asked[0]!.types.BulkListing).toEqual([{ name: 'tree', type: 'Listing[2][2][2][2][2]' }]);
    const leaves = (function flat(t: unknown): Record<string, unknown>[] {
      return Array.isArray(t) ? t.flatMap(flat) : [t as Record<string, unknown>];
    })(asked[0]!.message.tree);
    expect(leaves).toHaveLength(32);
    const signedIds = leaves.slice(0, 22).map((l) => BigInt(String(l.tokenId)));
    expect(new Set(signedIds)).toEqual(new Set([...aiaIds, ...usdtIds]));
    for (const l of leaves.slice(0, 22)) {
      const inUsdt = usdtIds.includes(BigInt(String(l.tokenId)));
      expect(String(l.seller).toLowerCase()).toBe(seller.toLowerCase());
      expect(String(l.coin).toLowerCase()).toBe(inUsdt ? stable.toLowerCase() : zeroAddress);
      expect(BigInt(String(l.pricePerUnit))).toBe(
        inUsdt ? parseUnits('2', STABLE_COIN_DECIMALS) : parseUnits('0.5', 18),
      );
    }
    // The padding: zero listings no one can fill.
    expect(leaves.slice(22).every((l) => BigInt(String(l.seller)) === 0n)).toBe(true);
    const listed = new Map<bigint, OrderVO>();
    await expect
      .poll(
        async () => {
          for (const id of [...aiaIds, ...usdtIds]) {
            const o = await signedListingOf(heroes, id);
            if (o) listed.set(id, o);
          }
          return listed.size;
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(22);
    // One tree of height 5: every listing shares its root, each with its own leaf index.
    const all = [...aiaIds, ...usdtIds].map((id) => listed.get(id)!.signed!);
    expect(new Set(all.map((sg) => sg.root)).size).toBe(1);
    expect(all.every((sg) => sg.proof.length === 5)).toBe(true);
    expect(new Set(all.map((sg) => sg.index)).size).toBe(22);

    journey.step(`Account ${BUYER} puts five in the cart (3 AIA, 2 stable coin).`);
    await journey.send(0, stable, stableCoinAbi, 'mint', [
      accountOf(BUYER),
      parseUnits('100', STABLE_COIN_DECIMALS),
    ]);
    const cartIds = [...aiaIds.slice(0, 3), ...usdtIds];
    const { page: b } = await journey.signedInPage(BUYER);
    for (const id of cartIds) {
      await journey.openItem(b, heroes, id);
      await b.getByTestId('cart-toggle-add').first().click();
      await b.getByTestId('cart-toggle-remove').first().waitFor();
    }
    expect(await b.getByTestId('cart-count').innerText()).toBe('5');

    const sniped = aiaIds[0]!;
    // The seller's open pages follow a trade someone else sends, without a reload.
    journey.step(
      `Account ${sellerIndex} keeps hero #${sniped}'s page, the market and its activity open.`,
    );
    const live = await watchLive(s, heroes, sniped, seller);
    journey.step(`Account ${RIVAL} buys hero #${sniped} first, through Listings.buy.`);
    const first = listed.get(sniped)!;
    const sg = first.signed!;
    await journey.send(
      RIVAL,
      listingsAddr,
      listingsAbi as Abi,
      'buy',
      [
        {
          listing: {
            seller: sg.seller,
            collection: sg.collection,
            erc1155: sg.erc1155,
            tokenId: BigInt(sg.tokenId),
            units: BigInt(sg.units),
            coin: sg.coin,
            pricePerUnit: BigInt(sg.pricePerUnit),
            start: BigInt(sg.start),
            end: BigInt(sg.end),
            salt: BigInt(sg.salt),
            counter: BigInt(sg.counter),
          },
          signature: sg.signature,
          proof: sg.proof,
          index: BigInt(sg.index),
          units: 1n,
        },
      ],
      BigInt(sg.pricePerUnit),
    );
    expect(await journey.ownerOf(sniped)).toBe(accountOf(RIVAL));
    const shown = await live.sold(accountOf(RIVAL));
    journey.step(`... the seller's pages show it without a reload: ${JSON.stringify(shown)} ms.`);

    journey.step(
      'The buyer reloads and opens the cart: the sold one is marked, the sweep buys the rest.',
    );
    await b.reload();
    await b.getByTestId('cart-button').click();
    const drawer = b.getByTestId('cart-drawer');
    await drawer.waitFor();
    // The cart asks again on opening (the page that heard the sale is gone): the sniped listing is
    // marked and left out of the total and the sweep (the contract's skip-and-refund of a listing
    // sold between opening and confirming is covered by the contracts' sweep tests).
    const gone = drawer.locator('[data-testid="checkout-line"][data-gone]');
    await expect.poll(() => gone.count(), { timeout: 15_000 }).toBe(1);
    expect(await gone.getAttribute('data-gone')).toBe('unavailable');
    await journey.shot(b, 'cart');
    await drawer.getByTestId('checkout-confirm').click();
    await journey.settled(drawer);
    const result = drawer.getByTestId('checkout-result');
    await result.waitFor();
    await journey.shot(b, 'cart-result');
    const outcomes = await Promise.all(
      (await result.getByTestId('checkout-result-line').all()).map((l) =>
        l.getAttribute('data-outcome'),
      ),
    );
    expect(outcomes).toEqual(['bought', 'bought', 'bought', 'bought']);
    for (const id of cartIds.filter((id) => id !== sniped)) {
      expect(await journey.ownerOf(id)).toBe(accountOf(BUYER));
    }
    // The sweep sent the AIA of the two AIA items still for sale, and nothing was skipped.
    const hash = (await drawer.getByTestId('tx-status').getAttribute('data-hash')) as Hex;
    const receipt = await c.getTransactionReceipt({ hash });
    const tx = await c.getTransaction({ hash });
    expect(tx.value).toBe(2n * BigInt(sg.pricePerUnit));
    const skipped = receipt.logs.flatMap((log) => {
      try {
        const e = decodeEventLog({ abi: listingsAbi, data: log.data, topics: log.topics });
        return e.eventName === 'SweepItemSkipped' ? [e.args.index] : [];
      } catch {
        return [];
      }
    });
    expect(skipped).toEqual([]);
    // It holds only what it collected for withdrawal (fees, AIA royalties at the market's rate).
    const collected = (functionName: 'feesOf' | 'royaltiesOf', arg: Address) =>
      c.readContract({ address: listingsAddr, abi: listingsAbi, functionName, args: [arg] });
    expect(await c.getBalance({ address: listingsAddr })).toBe(
      (await collected('feesOf', zeroAddress)) + (await collected('royaltiesOf', heroes)),
    );
    expect(await journey.tokenBalance(stable, listingsAddr)).toBe(
      await collected('feesOf', stable),
    );

    const moved = aiaIds[3]!;
    journey.step(
      `Account ${sellerIndex} transfers hero #${moved}: its signed listing leaves the market.`,
    );
    expect(await signedListingOf(heroes, moved)).not.toBeNull();
    await journey.send(sellerIndex, heroes, gameItems721Abi as Abi, 'transferFrom', [
      seller,
      accountOf(RIVAL),
      moved,
    ]);
    await expect
      .poll(() => signedListingOf(heroes, moved), { timeout: 60_000, interval: 1000 })
      .toBeNull();
  });
});
