import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { erc721Abi, type Abi, type Address } from 'viem';
import { launchpad1155Abi, launchpad721Abi } from '@aiamarket/shared/abis';
import { accountOf } from './chain.js';
import { useJourney } from './journey.js';

// The launchpad journey on the seeded demo chain: the list, the 721 project, a mint
// with AIA, a mint with the stable coin (approval first), a refused quantity, and a 2:1 swap of
// the GameItems721 the seed gave demo account 1.

const journey = useJourney('launchpad', { privateWebDist: true });

/** The launchpads' owner (the deployer, demo account 0) changes a sale's settings on chain. */
async function asOwner(address: Address, abi: Abi, functionName: string, args: unknown[]) {
  const owner = (await journey.client().readContract({
    address,
    abi,
    functionName: 'owner',
  })) as Address;
  expect(owner.toLowerCase()).toBe(accountOf(0));
  await journey.send(0, address, abi, functionName, args);
}

/** The server reads sales through a 5 s cache: wait it out after an owner change. */
const SALE_CACHE_MS = 5_500;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens the project `name` from its card in the launchpad list's `section`. */
async function openProject(page: Page, section: Locator, name: string) {
  await section
    .getByTestId('launchpad-card')
    .filter({ hasText: name })
    .getByTestId('launchpad-card-details')
    .click();
  await page.getByTestId('launchpad-detail').waitFor();
}

/**
 * What the exchange dialog says in each swap of the journey (2 sources for 1): its ratio, its
 * refusal of a count that does not meet it, its summary of 4 selected, and the success message.
 */
interface ExchangeText {
  ratio: string;
  refused: string;
  tip: string;
  success: string;
}
const GENESIS_EXCHANGE: ExchangeText = {
  ratio: '(Exchange 2 for 1)',
  refused: 'The selected count does not meet the swap ratio',
  tip: 'Selected 4, you will receive 2 AIA Genesis',
  success: 'Exchanged successfully: 2 received',
};
const RELICS_EXCHANGE_ZH: ExchangeText = {
  ratio: '(2 个兑换 1 个)',
  refused: '所选数量不符合兑换比例',
  tip: '已选 4 个，将获得 2 个 AIA Relics',
  success: '兑换成功：获得 2 个',
};

/** Opens the project's exchange dialog, once it lists the wallet's items, and checks its ratio. */
async function openExchange(page: Page, text: ExchangeText) {
  await page.getByTestId('launchpad-exchange').click();
  const exchange = page.getByTestId('exchange-modal');
  await exchange.getByTestId('exchange-item').first().waitFor({ timeout: 30_000 });
  expect(await exchange.getByTestId('exchange-ratio').innerText()).toBe(text.ratio);
  return exchange;
}

/** Confirms the exchange dialog with a count it refuses: it says so. */
async function confirmRefused(exchange: Locator, text: ExchangeText) {
  await exchange.getByTestId('exchange-confirm').click();
  await expect.poll(() => exchange.getByTestId('exchange-error').innerText()).toBe(text.refused);
}

/** Confirms the exchange dialog with 4 selected (photographed first); resolves once it succeeded. */
async function confirmExchange(page: Page, text: ExchangeText, shotName: string) {
  const exchange = page.getByTestId('exchange-modal');
  expect(await exchange.getByTestId('exchange-tip').innerText()).toBe(text.tip);
  await journey.shot(page, shotName);
  await exchange.getByTestId('exchange-confirm').click();
  await page.getByTestId('launchpad-success').waitFor({ timeout: 90_000 });
  await page.getByText(text.success).first().waitFor();
}

describe('launchpad', () => {
  it('lists projects, mints with AIA and the stable coin, and swaps 721 sources 2:1', async () => {
    const user = accountOf(1);
    const client = journey.client();
    const launchpad = journey.contract('Launchpad721');
    const supply = async () =>
      (
        await client.readContract({
          address: launchpad,
          abi: launchpad721Abi,
          functionName: 'getState',
        })
      )[1];
    const mintedBy = async () =>
      (
        await client.readContract({
          address: launchpad,
          abi: launchpad721Abi,
          functionName: 'numberMinted',
          args: [user],
        })
      )[0];

    const { context, page, problems } = await journey.signedInPage(1);

    // The list: in-progress and ended sections.
    await page.goto(`${journey.stack().url}/launchpad`);
    const inProgress = page.getByTestId('launchpad-in-progress');
    await inProgress.getByTestId('launchpad-card').first().waitFor();
    expect(await inProgress.getByTestId('launchpad-card').count()).toBe(2);
    const ended = page.getByTestId('launchpad-ended');
    await ended.getByTestId('launchpad-card').first().waitFor();
    expect(await ended.getByTestId('launchpad-card-start').first().innerText()).toContain('UTC+8');
    await journey.shot(page, 'list');

    // The 721 project.
    await openProject(page, inProgress, 'AIA Genesis');
    const minted = page.getByTestId('launchpad-minted');
    const start = await supply();
    await expect.poll(() => minted.innerText()).toBe(`${start} / 1,000`);
    expect(await page.getByTestId('launchpad-article').innerText()).toContain('How to take part');
    await journey.shot(page, 'detail');

    // Mint 2 with AIA.
    const mintedBefore = await mintedBy();
    await page.getByTestId('launchpad-mint').click();
    const modal = page.getByTestId('mint-modal');
    const aia = modal.getByTestId('mint-row-AIA');
    await aia.getByTestId('mint-plus').click();
    expect(await aia.getByTestId('mint-count').inputValue()).toBe('2');
    expect(await aia.getByTestId('mint-total').innerText()).toBe('Total 0.02 AIA');
    await journey.shot(page, 'mint-modal');
    await aia.getByTestId('mint-submit').click();
    await page.getByTestId('launchpad-success').waitFor({ timeout: 60_000 });
    await page.getByText('Minted successfully').first().waitFor();
    expect(await supply()).toBe(start + 2n);
    expect(await mintedBy()).toBe(mintedBefore + 2n);
    await expect.poll(() => minted.innerText()).toBe(`${start + 2n} / 1,000`);
    expect(await page.getByTestId('launchpad-success-account').getAttribute('href')).toBe(
      `/account/0/${user.toLowerCase()}`,
    );
    await journey.shot(page, 'mint-success');
    await page.keyboard.press('Escape');

    // A quantity above the per-transaction cap (maxBatchSize 10, below the per-wallet 20) is
    // capped with its message.
    await page.getByTestId('launchpad-mint').click();
    const usdt = modal.getByTestId('mint-row-USDT');
    await modal.getByTestId('mint-yours').waitFor();
    await usdt.getByTestId('mint-count').fill('25');
    expect(await usdt.getByTestId('mint-error').innerText()).toBe(
      'A single transaction exceeds the maximum (10)',
    );
    expect(await usdt.getByTestId('mint-count').inputValue()).toBe('10');

    // Mint 1 with the stable coin: approve, then mint.
    const coin = journey.contract('StableCoin');
    const balance = () => journey.tokenBalance(coin, user);
    const paidBefore = await balance();
    await usdt.getByTestId('mint-count').fill('1');
    await usdt.getByTestId('mint-submit').click();
    await page.getByTestId('launchpad-success').waitFor({ timeout: 60_000 });
    expect(await supply()).toBe(start + 3n);
    expect(paidBefore - (await balance())).toBe(5_000_000n);
    await page.keyboard.press('Escape');

    // The per-coin cap: the owner lets USDT mint only one more; two are refused by the modal.
    const [, base, , coins] = await client.readContract({
      address: launchpad,
      abi: launchpad721Abi,
      functionName: 'getConfig',
    });
    const usdtMinted = await client.readContract({
      address: launchpad,
      abi: launchpad721Abi,
      functionName: 'amountMinted',
      args: [coin],
    });
    const capped = coins.map((c) =>
      c.coinAddr.toLowerCase() === coin.toLowerCase()
        ? { ...c, coinMaxAmount: usdtMinted + 1n }
        : c,
    );
    await asOwner(launchpad, launchpad721Abi, 'setCoins', [capped]);
    await page.getByTestId('launchpad-mint').click();
    await modal.getByTestId('mint-yours').waitFor();
    // Two typed: the box stops at the coin's one left and says why; nothing is sent.
    await usdt.getByTestId('mint-count').fill('2');
    await expect
      .poll(() => usdt.getByTestId('mint-error').innerText())
      .toBe('Coin mint limit exceeded (can mint 1)');
    expect(await usdt.getByTestId('mint-count').inputValue()).toBe('1');
    expect(await supply()).toBe(start + 3n);
    await journey.shot(page, 'mint-coin-cap');
    await page.keyboard.press('Escape');

    // The per-wallet cap: the owner lowers it to what this wallet minted plus one.
    const mine = await mintedBy();
    await asOwner(launchpad, launchpad721Abi, 'setBaseConfig', [
      { ...base, maxUserSize: Number(mine) + 1 },
    ]);
    await page.getByTestId('launchpad-mint').click();
    await expect
      .poll(() => modal.getByTestId('mint-yours').innerText(), { timeout: 15_000 })
      .toContain('1 left');
    await aia.getByTestId('mint-count').fill('3');
    await expect
      .poll(() => aia.getByTestId('mint-error').innerText())
      .toBe('Wallet mint limit reached (you can mint 1 more)');
    expect(await aia.getByTestId('mint-count').inputValue()).toBe('1');
    expect(await mintedBy()).toBe(mine);
    await journey.shot(page, 'mint-wallet-cap');
    await page.keyboard.press('Escape');
    // Back to the demo settings for the exchange below.
    await asOwner(launchpad, launchpad721Abi, 'setBaseConfig', [base]);
    await asOwner(launchpad, launchpad721Abi, 'setCoins', [coins]);

    // Exchange: the seed gave account 1 four AIA Heroes (ids 1-4); the sale takes 2 for 1.
    const heroes = journey.contract('GameItems721');
    const exchange = await openExchange(page, GENESIS_EXCHANGE);
    expect(await exchange.getByTestId('exchange-item').count()).toBe(4);
    const checks = exchange.getByTestId('exchange-check');
    await checks.nth(0).check();
    await confirmRefused(exchange, GENESIS_EXCHANGE);
    await checks.nth(1).check();
    await checks.nth(2).check();
    await checks.nth(3).check();
    await confirmExchange(page, GENESIS_EXCHANGE, 'exchange-modal');
    expect(await supply()).toBe(start + 5n);
    expect(
      await client.readContract({
        address: heroes,
        abi: erc721Abi,
        functionName: 'balanceOf',
        args: [user],
      }),
    ).toBe(0n);
    await journey.shot(page, 'exchange-success');

    expect(problems).toEqual([]);
    await context.close();
  }, 300_000);

  it('in Chinese: swaps 1155 sources 2:1 with steppers, sells a project out, shows an ended one', async () => {
    const user = accountOf(2);
    const client = journey.client();
    const launchpad = journey.contract('Launchpad1155');
    const items = journey.contract('GameItems1155');
    const tokenId = 0n;
    // The demo sale swaps 1:1; the owner makes it 2 sources for 1.
    await asOwner(launchpad, launchpad1155Abi, 'setSwapConfig', [
      tokenId,
      { fromNft: items, fromAmount: 2, toAmount: 1 },
    ]);
    await pause(SALE_CACHE_MS);

    const { context, page, problems } = await journey.signedInPage(2, { query: '?lang=zh-CN' });

    await page.goto(`${journey.stack().url}/launchpad`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('发射台');
    const inProgress = page.getByTestId('launchpad-in-progress');
    await openProject(page, inProgress, 'AIA Relics');
    const state = async () =>
      client.readContract({
        address: launchpad,
        abi: launchpad1155Abi,
        functionName: 'getState',
        args: [tokenId],
      });
    const supply = async () => (await state())[1];
    const start = await supply();
    const held = (id: bigint) => journey.unitsHeld(items, user, id);
    const heldBefore = [await held(1n), await held(2n)];

    // The seed gave account 2 game items 1 (x6), 2 (x3) and 3 (x1).
    const exchange = await openExchange(page, RELICS_EXCHANGE_ZH);
    expect(await exchange.getByTestId('exchange-item').count()).toBe(3);
    const first = exchange.getByTestId('exchange-item').nth(0);
    const second = exchange.getByTestId('exchange-item').nth(1);
    expect(await second.innerText()).toContain('x 3');
    // The stepper stops at the three held; a larger typed amount is cut to them, and no error
    // stays on the form for the capped value.
    for (let i = 0; i < 3; i++) await second.getByTestId('exchange-plus').click();
    expect(await second.getByTestId('exchange-amount').inputValue()).toBe('3');
    expect(await second.getByTestId('exchange-plus').isDisabled()).toBe(true);
    await second.getByTestId('exchange-amount').fill('5');
    expect(await second.getByTestId('exchange-amount').inputValue()).toBe('3');
    expect(await exchange.getByTestId('exchange-error').count()).toBe(0);
    // 3 is not a multiple of 2: refused, nothing moves.
    await confirmRefused(exchange, RELICS_EXCHANGE_ZH);
    expect(await supply()).toBe(start);
    await first.getByTestId('exchange-plus').click();
    await confirmExchange(page, RELICS_EXCHANGE_ZH, 'exchange-1155-zh');
    expect(await supply()).toBe(start + 2n);
    expect(heldBefore[0]! - (await held(1n))).toBe(1n);
    expect(heldBefore[1]! - (await held(2n))).toBe(3n);
    await page.keyboard.press('Escape');

    // Sold out: the owner leaves one NFT to mint; this wallet mints it.
    const [, base] = await client.readContract({
      address: launchpad,
      abi: launchpad1155Abi,
      functionName: 'getConfig',
      args: [tokenId],
    });
    const last = Number(await supply()) + 1;
    await asOwner(launchpad, launchpad1155Abi, 'setBaseConfig', [
      tokenId,
      { ...base, collectionSize: last },
    ]);
    await page.getByTestId('launchpad-mint').click();
    const aia = page.getByTestId('mint-modal').getByTestId('mint-row-AIA');
    await aia.getByTestId('mint-submit').click();
    await page.getByTestId('launchpad-success').waitFor({ timeout: 60_000 });
    expect(await supply()).toBe(BigInt(last));
    expect((await state())[0]).toBe(3); // the contract's SaleState: sold out
    await page.keyboard.press('Escape');
    await pause(SALE_CACHE_MS);
    await page.reload();
    const closed = page.getByTestId('launchpad-closed');
    await closed.waitFor();
    expect(await closed.innerText()).toBe('已售罄');
    expect(await closed.isDisabled()).toBe(true);
    expect(await page.getByTestId('launchpad-minted').innerText()).toBe(`${last} / ${last}`);
    expect(await page.getByTestId('launchpad-preview').getAttribute('href')).toBe(
      '/collection/aia-relics',
    );
    expect(await page.getByTestId('launchpad-mint').count()).toBe(0);
    await journey.shot(page, 'sold-out-zh');

    // The list now shows it among the ended projects, as sold out.
    await page.goto(`${journey.stack().url}/launchpad`);
    const ended = page.getByTestId('launchpad-ended');
    const relics = ended
      .getByTestId('launchpad-card')
      .filter({ has: page.getByText('AIA Relics', { exact: true }) });
    await relics.waitFor();
    expect(await relics.getByTestId('project-status').innerText()).toBe('已售罄');

    // The ended project ("First Light"): a disabled 'end' button and a preview to the collection.
    await ended
      .getByTestId('launchpad-card')
      .filter({ hasText: 'First Light' })
      .getByTestId('launchpad-card-details')
      .click();
    const endedClosed = page.getByTestId('launchpad-closed');
    await endedClosed.waitFor();
    expect(await endedClosed.isDisabled()).toBe(true);
    expect(await endedClosed.innerText()).toBe('结束');
    expect(await page.getByTestId('launchpad-preview').getAttribute('href')).toBe(
      '/collection/aia-relics',
    );
    expect(await page.getByTestId('countdown').count()).toBe(0);
    await journey.shot(page, 'ended-zh');

    expect(problems).toEqual([]);
    await context.close();
  }, 300_000);

  it('primary sales in Turkish and English: the list, the detail (and a reload), items, item page', async () => {
    const { context, page, problems } = await journey.visitorPage();
    await page.goto(`${journey.stack().url}/primary?lang=tr`);
    const card = page.getByTestId('activity-card').filter({ hasText: 'Ejderha yumurtaları' });
    await card.waitFor();
    expect(await card.getByTestId('status-ribbon').innerText()).toBe('Devam ediyor');
    expect(await card.getByTestId('countdown').count()).toBe(1);
    await journey.shot(page, 'primary-tr');
    await card.click();
    await page.getByTestId('activity-detail').waitFor();
    const id = new URL(page.url()).searchParams.get('id');
    expect(id).toMatch(/^\d+$/);
    expect(await page.getByTestId('activity-price').innerText()).toBe('25 USDT');
    expect(await page.getByTestId('activity-total').innerText()).toBe('400');
    expect(await page.getByTestId('activity-buy').innerText()).toBe('Hemen satın al');
    // Buy now opens a real page of the app (the eggs hatch Dragon Riders), not a placeholder.
    expect(await page.getByTestId('activity-buy').getAttribute('href')).toBe(
      '/collection/dragon-riders',
    );
    await page.reload();
    await page.getByTestId('activity-detail').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(
      'Yaz satışı: Ejderha yumurtaları',
    );
    await journey.shot(page, 'activity-detail-tr');

    await page.goto(`${journey.stack().url}/marketlist/${id}/1`);
    const items = page.getByTestId('marketlist-item');
    await items.first().waitFor();
    expect(await items.count()).toBe(4);
    const ember = items.filter({ hasText: 'Kor yumurtası' });
    expect(await ember.getByTestId('status-ribbon').innerText()).toBe('Tükendi');
    const box = items.filter({ hasText: 'Gizem kutusu' });
    expect(await box.getAttribute('href')).toMatch(/^\/primary-details\/\d+\/1\?activity=\d+$/);
    await journey.shot(page, 'marketlist-tr');

    // The item page: a blind box of a running activity, with the activity's buy link.
    await box.click();
    await page.getByTestId('primary-item').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/primary-details\/\d+\/1$/);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Gizem kutusu');
    expect(await page.getByTestId('primary-item-blind-box').innerText()).toBe('Gizem kutusu');
    expect(await page.getByTestId('primary-item-price').innerText()).toBe('40 USDT');
    expect(await page.getByTestId('primary-item-left').innerText()).toBe('49 / 100 kaldı');
    const buy = page.getByTestId('primary-item-buy');
    expect(await buy.innerText()).toBe('Hemen satın al');
    expect(await buy.getAttribute('href')).toBe('/collection/dragon-riders');
    await journey.shot(page, 'primary-item-tr');

    // The same page in English, after a reload (the activity id is in the URL).
    await page.goto(`${page.url()}&lang=en`);
    await expect
      .poll(() => page.getByTestId('primary-item-blind-box').innerText())
      .toBe('Blind box');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Mystery box');
    expect(await page.getByTestId('primary-item-buy').innerText()).toBe('Buy now');

    // A sold-out item: no buy link.
    await page.getByTestId('primary-item-activity').click();
    await page.getByTestId('marketlist-item').first().waitFor();
    await page.getByTestId('marketlist-item').filter({ hasText: 'Ember egg' }).click();
    const closed = page.getByTestId('primary-item-closed');
    await closed.waitFor();
    expect(await closed.innerText()).toBe('Sold out');
    expect(await page.getByTestId('primary-item-buy').count()).toBe(0);
    await journey.shot(page, 'primary-item-sold-out-en');

    // An item-list activity (the upcoming forge sale) opens /marketlist from /primary.
    await page.goto(`${journey.stack().url}/primary`);
    const forge = page.getByTestId('activity-card').filter({ hasText: 'Legends of the Forge' });
    await forge.click();
    await page.waitForURL(/\/marketlist\/\d+\/0$/);
    await page.getByTestId('marketlist-item').first().waitFor();
    expect(await page.getByTestId('marketlist-header').innerText()).toContain(
      'Legends of the Forge',
    );
    expect(await page.getByTestId('marketlist-item').count()).toBe(2);
    await page.getByTestId('marketlist-item').filter({ hasText: 'Runic blade' }).click();
    await page.getByTestId('primary-item').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Runic blade');
    await journey.shot(page, 'marketlist-from-primary-en');
    expect(problems).toEqual([]);
    await context.close();
  });
});
