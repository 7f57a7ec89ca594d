import { describe, expect, it } from 'vitest';
import { parseEther, zeroAddress, type Address } from 'viem';
import { gameItems1155Abi, marketplaceAbi, wrappedAiaAbi } from '@aiamarket/shared/abis';
import type { OrderVO } from '@aiamarket/shared';
import { accountOf } from './chain.js';
import { useJourney } from './journey.js';
import { makeOffer } from './offer-dialog.js';

// Flows a new user found broken, on the seeded stack in Chromium: sweeping an ERC1155
// collection buys the N cheapest units (part of a listing), the cart marks an item another
// wallet bought as sold without a reload and leaves it out of the total, and the account page
// at 390 px stays within the screen with a two-column grid; wrapped AIA is unwrapped from the
// account page.

const journey = useJourney('web-flows', { privateWebDist: true, consoleTypes: ['error'] });

describe('web flows', () => {
  it('sweeps the 5 cheapest units of an ERC1155 collection: 3 of one listing, 2 of another', async () => {
    const { market, items } = journey.contracts();
    const TOKEN = 2_000n;
    // Listings of 3, 4 and 2 units by three sellers, cheaper than any seeded one.
    const listings: [number, bigint, string][] = [
      [1, 3n, '0.0001'],
      [2, 4n, '0.0002'],
      [3, 2n, '0.0003'],
    ];
    journey.step('Three sellers list 3, 4 and 2 units of a fresh game item.');
    for (const [seller, units, price] of listings) {
      await journey.send(0, items, gameItems1155Abi, 'mint', [accountOf(seller), TOKEN, units]);
      await journey.send(seller, items, gameItems1155Abi, 'setApprovalForAll', [market, true]);
      await journey.send(seller, market, marketplaceAbi, 'createMarketItem', [
        items,
        TOKEN,
        units,
        parseEther(price),
        zeroAddress,
      ]);
    }
    const BUYER = 4;
    const buyer = accountOf(BUYER);
    const held = (who: Address) => journey.unitsHeld(items, who, TOKEN);
    let link = '';
    await expect
      .poll(
        async () => {
          const page = await journey.post<{ records: OrderVO[] }>('/nftOrder/getOrderList', {
            contractAddr: items,
            tokenId: TOKEN.toString(),
          });
          link = page?.records[0]?.linkCollection ?? '';
          return page?.records.length ?? 0;
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(3);

    journey.step('The buyer sweeps the 5 cheapest from the collection page.');
    const { page } = await journey.signedInPage(BUYER);
    await page.goto(`${journey.stack().url}/collection/${link}`);
    await page.getByTestId('sweep-control').waitFor({ timeout: 30_000 });
    await page.getByTestId('sweep-count').fill('5');
    await page.getByTestId('sweep-review').click();
    const dialog = page.getByTestId('sweep-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').first().innerText()).toContain('5');
    expect(await dialog.getByTestId('checkout-line-units').allInnerTexts()).toEqual([
      '3 × 0.0001 AIA each',
      '2 × 0.0002 AIA each',
    ]);
    expect(await dialog.getByTestId('checkout-line-price').allInnerTexts()).toEqual([
      '0.0003 AIA',
      '0.0004 AIA',
    ]);
    expect(await dialog.getByTestId('checkout-total').innerText()).toContain('0.0007 AIA');
    await journey.shot(page, 'sweep-1155');
    await dialog.getByTestId('checkout-confirm').click();
    await journey.settled(dialog);
    await dialog.getByTestId('checkout-result').waitFor();
    expect(await held(buyer)).toBe(5n);
    // The second seller's listing keeps its other 2 units; the third is untouched.
    expect(await held(accountOf(2))).toBe(2n);
    expect(await held(accountOf(3))).toBe(2n);
    await expect
      .poll(async () => {
        const now = await journey.post<{ records: OrderVO[] }>('/nftOrder/getOrderList', {
          contractAddr: items,
          tokenId: TOKEN.toString(),
        });
        return now?.records.map((o) => [o.ownerAddr, o.leftAmount]).sort();
      })
      .toEqual(
        [
          [accountOf(2), '2'],
          [accountOf(3), '2'],
        ].sort(),
      );
    await page.context().close();
  });

  it('marks a cart item another wallet bought as sold, live, and leaves it out of the total', async () => {
    const BUYER = 5;
    const RIVAL = 6;
    const market = await journey.post<{ records: OrderVO[] }>('/nftOrder/page', {
      page: 1,
      size: 50,
      orders: [{ column: 'price', asc: true }],
    });
    const two = market!.records
      .filter(
        (o) =>
          o.kind === 0 &&
          o.coin === 'AIA' &&
          o.contractType === 'ERC721' &&
          ![accountOf(BUYER), accountOf(RIVAL)].includes(o.ownerAddr as Address),
      )
      .slice(0, 2);
    expect(two).toHaveLength(2);
    const [kept, sniped] = two as [OrderVO, OrderVO];

    journey.step(`Account ${BUYER} puts two listed heroes in the cart and opens it.`);
    const { page: b } = await journey.signedInPage(BUYER);
    for (const o of two) {
      await journey.openItem(b, o.contractAddr as Address, BigInt(o.tokenId));
      await b.getByTestId('cart-toggle-add').first().click();
      await b.getByTestId('cart-toggle-remove').first().waitFor();
    }
    await b.getByTestId('cart-button').click();
    const drawer = b.getByTestId('cart-drawer');
    await drawer.waitFor();
    await journey.liveOpen(b);
    expect(await drawer.getByRole('img').count()).toBe(2);

    journey.step(`Account ${RIVAL} buys #${sniped.tokenId} on its own page.`);
    const { page: r } = await journey.signedInPage(RIVAL);
    await journey.openItem(r, sniped.contractAddr as Address, BigInt(sniped.tokenId));
    await r.getByTestId('item-actions').getByTestId('action-buy').click();
    const buy = r.getByTestId('buy-modal');
    await buy.getByTestId('buy-confirm').click();
    await journey.settled(buy);

    journey.step(
      'The first cart marks it sold without a reload; the total is the other one alone.',
    );
    const gone = drawer.locator('[data-testid="checkout-line"][data-gone="sold"]');
    await gone.waitFor({ timeout: 60_000 });
    expect(await gone.innerText()).toContain(sniped.name ?? `#${sniped.tokenId}`);
    const total = await drawer.getByTestId('checkout-total').innerText();
    expect(total).toContain(`${kept.price} AIA`);
    await journey.shot(b, 'cart-sold');
    await b.context().close();
    await r.context().close();
  });

  it('keeps the account page within 390 px: offers made scroll in their box, two columns', async () => {
    journey.step(
      'An account makes an offer on a hero from its item page (wrapping AIA as it goes).',
    );
    const OFFERER = 8;
    const offerer = accountOf(OFFERER);
    const made = await journey.signedInPage(OFFERER);
    await journey.openItem(made.page, journey.contract('GameItems721'), 1n);
    await made.page.getByTestId('action-make-offer').click();
    await makeOffer(made.page, { coin: 'AIA', price: '0.01' });
    await made.page.context().close();

    const { context, page } = await journey.visitorPage({ width: 390, height: 844 });
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);

    await page.goto(`${journey.stack().url}/account/0/${offerer}?tab=offersMade`);
    await page.getByTestId('offers-made').waitFor({ timeout: 30_000 });
    await page.getByTestId('offer-row').first().waitFor();
    await journey.shot(page, 'account-offers-390');
    expect(await width()).toBeLessThanOrEqual(390);
    const bar = await page.getByTestId('topbar').boundingBox();
    expect(bar!.x + bar!.width).toBeLessThanOrEqual(390);

    await page.getByTestId('account-tab-collected').click();
    const grid = page.getByTestId('nft-grid').first();
    await grid.waitFor({ timeout: 30_000 });
    const columns = await grid.evaluate(
      (el) => getComputedStyle(el).gridTemplateColumns.split(' ').length,
    );
    expect(columns).toBe(2);
    expect(await width()).toBeLessThanOrEqual(390);
    await journey.shot(page, 'account-collected-390');
    await context.close();
  });

  it('unwraps the wrapped AIA from the account page: the balance moves to AIA', async () => {
    const c = journey.client();
    const waia = journey.contract('WrappedAIA');
    const WHO = 7;
    const who = accountOf(WHO);
    await journey.send(WHO, waia, wrappedAiaAbi, 'deposit', [], parseEther('1.25'));
    const wrapped = () => journey.tokenBalance(waia, who);
    const before = await wrapped();
    expect(before).toBeGreaterThanOrEqual(parseEther('1.25'));
    const nativeBefore = await c.getBalance({ address: who });

    const { page } = await journey.signedInPage(WHO);
    await page.goto(`${journey.stack().url}/account/0/${who}`);
    const box = page.getByTestId('wrapped-balance');
    await box.waitFor({ timeout: 30_000 });
    await box.getByTestId('wrapped-unwrap').click();
    await journey.settled(box);
    expect(await wrapped()).toBe(0n);
    // All of it came back as AIA, less the gas of one transaction.
    const gained = (await c.getBalance({ address: who })) - nativeBefore;
    expect(gained).toBeGreaterThan(before - parseEther('0.01'));
    expect(gained).toBeLessThanOrEqual(before);
    await journey.shot(page, 'unwrapped');
    await page.context().close();
  });
});
