import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { erc20Abi, parseEther, parseUnits, type Address } from 'viem';
import { gameItems1155Abi, gameItems721Abi, marketplaceAbi } from '@aiamarket/shared/abis';
import { STABLE_COIN_DECIMALS } from '@aiamarket/shared';
import { useJourney } from './journey.js';

// The trading journey on the seeded demo chain, in Chromium with the injected test
// wallet: list a 721 (approval first), buy it with AIA from a second account, list a 1155 for
// the stable coin and buy part of it (allowance first), change a price so that an old-price buy
// fails, cancel, transfer (and the refused recipients and amounts), favourite, force cancel a
// listing left stale by a transfer, save the settings with an avatar, and edit a collection with
// its royalty set on chain. Every step checks the chain (viem) and what the page shows.

const journey = useJourney('trading', { privateWebDist: true, consoleTypes: ['error', 'warning'] });

/** A GET call; null (typed as T, as the journey expects an answer) when the code is not 0. */
const api = async <T>(pathAndQuery: string): Promise<T> =>
  (await journey.get<T>(pathAndQuery)) as T;

/** Mints `count` fresh heroes to `to` (by the collection's owner); the first new token id. */
async function mintHeroes(to: Address, count: bigint) {
  const { heroes } = journey.contracts();
  const before = await journey.client().readContract({
    address: heroes,
    abi: gameItems721Abi,
    functionName: 'totalMinted',
  });
  await journey.send(0, heroes, gameItems721Abi, 'mint', [to, count]);
  return before + 1n;
}

/** Waits until the indexer knows the token: its page exists only then. */
const indexed = (nft: Address, tokenId: bigint) =>
  expect
    .poll(() => api(`/nftMeta/getDetail?tokenId=${tokenId}&contractAddr=${nft}`), {
      timeout: 60_000,
    })
    .toBeTruthy();

/** The market's listing `id`, as the contract holds it. */
const marketItem = (id: bigint) =>
  journey.client().readContract({
    address: journey.contracts().market,
    abi: marketplaceAbi,
    functionName: 'getMarketItem',
    args: [id],
  });

/** The owner's active market listing of a token (its id and the contract's record), or null. */
async function listingOf(nft: Address, tokenId: bigint, owner: Address) {
  const id = await journey.client().readContract({
    address: journey.contracts().market,
    abi: marketplaceAbi,
    functionName: 'activeItemId',
    args: [nft, tokenId, owner],
  });
  return id === 0n ? null : { id, ...(await marketItem(id)) };
}

const alertText = (page: Page, modal: string) =>
  page.getByTestId(modal).getByRole('alert').first().innerText();

describe('trading', () => {
  it('lists, buys, changes price, cancels, transfers, favourites and force cancels', async () => {
    const c = journey.client();
    const { market, heroes, items, stable } = journey.contracts();
    const seller = journey.stack().accounts[3]!.address as Address;
    const buyer = journey.stack().accounts[4]!.address as Address;
    const ITEM_ID = 1000n;

    // Setup by the collections' owner: two fresh heroes and five of a fresh game item for the
    // seller; the seller and buyer start without approvals so the page must ask for them.
    const hero = await mintHeroes(seller, 2n);
    const hero2 = hero + 1n;
    await journey.send(0, items, gameItems1155Abi, 'mint', [seller, ITEM_ID, 5n]);
    await journey.send(3, heroes, gameItems721Abi, 'setApprovalForAll', [market, false]);
    await journey.send(3, items, gameItems1155Abi, 'setApprovalForAll', [market, false]);
    await journey.send(4, stable, erc20Abi, 'approve', [market, 0n]);
    const approved = (nft: Address) =>
      c.readContract({
        address: nft,
        abi: gameItems721Abi,
        functionName: 'isApprovedForAll',
        args: [seller, market],
      });
    expect(await approved(heroes)).toBe(false);
    // The indexer must know the new tokens before their pages exist.
    await indexed(heroes, hero2);
    await indexed(items, ITEM_ID);

    // ---- List a 721 for AIA: approval for all, then createMarketItem.
    journey.step('List a 721 for AIA: approval for all, then createMarketItem.');
    const s = await journey.signedInPage(3);
    await journey.openItem(s.page, heroes, hero);
    await s.page.getByTestId('item-actions').getByTestId('action-sell').click();
    const list = s.page.getByTestId('list-modal');
    await list.waitFor();
    expect(await list.getByTestId('list-review').isDisabled()).toBe(true);
    await list.getByTestId('price-input').fill('0');
    await list.getByTestId('price-input').blur();
    expect(await alertText(s.page, 'list-modal')).toBe('numbers greater than 0');
    expect(await list.getByTestId('price-input').inputValue()).toBe('');
    await list.getByTestId('price-input').fill('1.5');
    await expect.poll(() => list.getByTestId('list-fee').innerText()).toMatch(/%$/);
    expect(await list.getByTestId('list-royalty').innerText()).toBe('5%');
    const fee = Number((await list.getByTestId('list-fee').innerText()).replace('%', ''));
    expect(await list.getByTestId('list-net').innerText()).toContain(
      (1.5 * (1 - (fee + 5) / 100)).toFixed(4),
    );
    await journey.shot(s.page, 'list-721');
    await list.getByTestId('list-review').click();
    expect(await list.getByTestId('confirm-price').innerText()).toBe('1.5 AIA');
    await list.getByTestId('list-confirm').click();
    await journey.settled(list);
    await list.getByTestId('list-success').waitFor();
    expect(await list.getByTestId('tx-status').getAttribute('data-phase')).toBe('done');
    expect(await list.getByTestId('tx-status').getAttribute('data-hash')).toMatch(
      /^0x[0-9a-f]{64}$/,
    );
    expect(s.wallet.calls.filter((m) => m === 'eth_sendTransaction').length).toBe(2);
    expect(await approved(heroes)).toBe(true);
    const heroListing = await listingOf(heroes, hero, seller);
    expect(heroListing?.price).toBe(parseEther('1.5'));
    expect(heroListing?.status).toBe(0);
    await list.getByRole('button', { name: 'Close' }).first().click();
    // The owner of the listing now sees Cancel and Update price, without a reload.
    await s.page.getByTestId('item-actions').getByTestId('action-cancel').waitFor();
    expect(
      await s.page.getByTestId('item-actions').getByTestId('action-update-price').isVisible(),
    ).toBe(true);

    // ---- Buy it with AIA from a second account.
    journey.step('Buy it with AIA from a second account.');
    const b = await journey.signedInPage(4);
    await journey.openItem(b.page, heroes, hero);
    const aiaBefore = await c.getBalance({ address: buyer });
    await b.page.getByTestId('item-actions').getByTestId('action-buy').click();
    const buy = b.page.getByTestId('buy-modal');
    expect(await buy.getByTestId('buy-total').innerText()).toBe('1.5 AIA');
    await buy.getByTestId('buy-confirm').click();
    await journey.settled(buy);
    await buy.getByTestId('buy-success').waitFor();
    expect(await journey.ownerOf(hero)).toBe(buyer.toLowerCase());
    expect(aiaBefore - (await c.getBalance({ address: buyer }))).toBeGreaterThanOrEqual(
      parseEther('1.5'),
    );
    await buy.getByRole('button', { name: 'Close' }).first().click();
    // The buyer holds it now: Sell and Transfer, no Buy.
    await b.page.getByTestId('item-actions').getByTestId('action-transfer').waitFor();
    expect(await b.page.getByTestId('item-actions').getByTestId('action-buy').count()).toBe(0);

    // ---- Favourite and unfavourite (buyer).
    journey.step('Favourite and unfavourite (buyer).');
    const fav = b.page.getByTestId('favourite-toggle');
    const favCount = Number(await fav.getByTestId('favourite-count').innerText());
    await fav.click();
    await expect.poll(() => fav.getAttribute('aria-pressed')).toBe('true');
    expect(Number(await fav.getByTestId('favourite-count').innerText())).toBe(favCount + 1);
    await fav.click();
    await expect.poll(() => fav.getAttribute('aria-pressed')).toBe('false');
    expect(Number(await fav.getByTestId('favourite-count').innerText())).toBe(favCount);

    // ---- List 3 of the 1155 for the stable coin.
    journey.step('List 3 of the 1155 for the stable coin.');
    const symbol = await c.readContract({ address: stable, abi: erc20Abi, functionName: 'symbol' });
    await journey.openItem(s.page, items, ITEM_ID);
    await s.page.getByTestId('item-actions').getByTestId('action-sell').click();
    const list2 = s.page.getByTestId('list-modal');
    await list2.getByTestId('coin-select').selectOption({ label: symbol });
    await list2.getByTestId('price-input').fill('2');
    await list2.getByTestId('amount-input').fill('9');
    expect(await alertText(s.page, 'list-modal')).toBe('greater than available');
    expect(await list2.getByTestId('list-review').isDisabled()).toBe(true);
    await list2.getByTestId('amount-input').fill('3');
    await list2.getByTestId('list-review').click();
    await list2.getByTestId('list-confirm').click();
    await journey.settled(list2);
    await list2.getByTestId('list-success').waitFor();
    const itemListing = (await listingOf(items, ITEM_ID, seller))!;
    expect(itemListing.coin.toLowerCase()).toBe(stable.toLowerCase());
    expect(itemListing.leftAmount).toBe(3n);
    expect(itemListing.price).toBe(parseUnits('2', STABLE_COIN_DECIMALS));
    await list2.getByRole('button', { name: 'Close' }).first().click();

    // ---- Buy 2 of them: allowance first, then the buy.
    journey.step('Buy 2 of them: allowance first, then the buy.');
    await journey.openItem(b.page, items, ITEM_ID);
    await b.page.getByTestId('item-actions').getByTestId('action-buy').click();
    const buy2 = b.page.getByTestId('buy-modal');
    await buy2.getByTestId('buy-quantity').fill('9');
    expect(await buy2.getByTestId('buy-quantity').inputValue()).toBe('3');
    await buy2.getByRole('button', { name: 'One less' }).click();
    expect(await buy2.getByTestId('buy-total').innerText()).toBe(`4 ${symbol}`);
    const sentBefore = b.wallet.calls.filter((m) => m === 'eth_sendTransaction').length;
    await buy2.getByTestId('buy-confirm').click();
    await journey.settled(buy2);
    await buy2.getByTestId('buy-success').waitFor();
    expect(b.wallet.calls.filter((m) => m === 'eth_sendTransaction').length - sentBefore).toBe(2);
    const held1155 = (who: Address) => journey.unitsHeld(items, who, ITEM_ID);
    expect(await held1155(buyer)).toBe(2n);
    expect((await marketItem(itemListing.id)).leftAmount).toBe(1n);
    await buy2.getByRole('button', { name: 'Close' }).first().click();

    // ---- The buyer keeps a buy dialog open at the old price; the seller changes the price.
    journey.step(
      'The buyer keeps a buy dialog open at the old price; the seller changes the price.',
    );
    await expect
      .poll(() => b.page.getByTestId('item-actions').getByTestId('action-buy').count(), {
        timeout: 30_000,
      })
      .toBe(1);
    await b.page.getByTestId('item-actions').getByTestId('action-buy').click();
    await journey.openItem(s.page, items, ITEM_ID);
    await s.page.getByTestId('item-actions').getByTestId('action-update-price').click();
    const change = s.page.getByTestId('change-price-modal');
    expect(await change.getByTestId('change-price-review').isDisabled()).toBe(true);
    await change.getByTestId('price-input').fill('2.5');
    await change.getByTestId('change-price-review').click();
    await change.getByTestId('change-price-confirm').click();
    await change.waitFor({ state: 'detached', timeout: 60_000 });
    expect((await marketItem(itemListing.id)).price).toBe(parseUnits('2.5', STABLE_COIN_DECIMALS));
    await b.page.getByTestId('buy-modal').getByTestId('buy-confirm').click();
    const failed = b.page.getByTestId('buy-modal').getByTestId('tx-status');
    await expect.poll(() => failed.getAttribute('data-phase'), { timeout: 30_000 }).toBe('error');
    expect(await failed.innerText()).toContain('The price has changed');
    expect(await held1155(buyer)).toBe(2n);
    await journey.shot(b.page, 'old-price-refused');

    // ---- Cancel: on chain, then the seller's account page.
    journey.step("Cancel: on chain, then the seller's account page.");
    await s.page.getByTestId('item-actions').getByTestId('action-cancel').click();
    await s.page.getByTestId('cancel-confirm').click();
    await s.page.waitForURL(`**/account/0/${seller.toLowerCase()}`, { timeout: 60_000 });
    expect((await marketItem(itemListing.id)).status).toBe(2);

    // ---- Transfer: the refused cases, then a 721 listed earlier goes to the buyer.
    journey.step('Transfer: the refused cases, then a 721 listed earlier goes to the buyer.');
    await journey.openItem(s.page, items, ITEM_ID);
    await s.page.getByTestId('item-actions').getByTestId('action-transfer').click();
    const tr = s.page.getByTestId('transfer-modal');
    await tr.getByTestId('transfer-to').fill(buyer);
    await tr.getByTestId('transfer-amount').fill('9');
    await tr.getByTestId('transfer-review').click();
    expect(await tr.getByTestId('transfer-amount-error').innerText()).toBe(
      'Insufficient NFT assets to transfer',
    );
    await tr.getByRole('button', { name: 'Close' }).first().click();

    await journey.openItem(s.page, heroes, hero2);
    await s.page.getByTestId('item-actions').getByTestId('action-sell').click();
    await s.page.getByTestId('price-input').fill('3');
    await s.page.getByTestId('list-review').click();
    await s.page.getByTestId('list-confirm').click();
    await journey.settled(s.page.getByTestId('list-modal'));
    await s.page.getByTestId('list-success').waitFor();
    const staleListing = (await listingOf(heroes, hero2, seller))!;
    await s.page.getByTestId('list-modal').getByRole('button', { name: 'Close' }).first().click();
    await s.page.getByTestId('item-actions').getByTestId('action-transfer').waitFor();
    await s.page.getByTestId('item-actions').getByTestId('action-transfer').click();
    const tr2 = s.page.getByTestId('transfer-modal');
    for (const [to, message] of [
      [seller, 'The transfer address is the same as the current address and cannot be transferred'],
      ['0x0000000000000000000000000000000000000000', 'The zero address cannot receive NFTs'],
      ['0x1234', 'Invalid wallet address'],
    ] as const) {
      await tr2.getByTestId('transfer-to').fill(to);
      await tr2.getByTestId('transfer-review').click();
      expect(await tr2.getByTestId('transfer-to-error').innerText()).toBe(message);
    }
    await tr2.getByTestId('transfer-to').fill(buyer);
    await tr2.getByTestId('transfer-review').click();
    await tr2.getByTestId('transfer-confirm-step').waitFor();
    await tr2.getByTestId('transfer-send').click();
    await journey.settled(tr2);
    await tr2.getByTestId('transfer-success').waitFor();
    expect(await journey.ownerOf(hero2)).toBe(buyer.toLowerCase());
    expect(
      await c.readContract({
        address: market,
        abi: marketplaceAbi,
        functionName: 'isListingValid',
        args: [staleListing.id],
      }),
    ).toBe(false);

    // ---- Force cancel of the stale listing, from the seller's account page, by the buyer.
    journey.step(
      "Force cancel of the stale listing, from the seller's account page, by the buyer.",
    );
    await b.page.goto(`${journey.stack().url}/account/0/${seller.toLowerCase()}?tab=activities`);
    await b.page.getByTestId('account-sub-tab-forceCancel').click();
    const force = b.page.getByTestId(`force-cancel-${staleListing.id}`);
    await force.waitFor({ timeout: 60_000 });
    await force.getByRole('button').click();
    await force.waitFor({ state: 'detached', timeout: 60_000 }).catch(async (error: unknown) => {
      // Keep what the page showed: the row's status text tells a failed transaction from a
      // list that was not refreshed.
      await journey.shot(b.page, 'force-cancel-stuck');
      const chainStatus = (await marketItem(staleListing.id)).status;
      throw new Error(
        `the force-cancel row stayed (chain status ${chainStatus}): ${await force.innerText()}`,
        { cause: error },
      );
    });
    expect((await marketItem(staleListing.id)).status).toBe(3);
    await journey.shot(b.page, 'force-cancelled');
  }, 600_000);

  it('lists at exactly 1.5 when a Turkish user types "1,5"', async () => {
    const { heroes } = journey.contracts();
    // Account 2 trades nowhere else in this file (it only saves its settings).
    const owner = journey.stack().accounts[2]!.address as Address;
    const hero = await mintHeroes(owner, 1n);
    await indexed(heroes, hero);

    journey.step('A Turkish user lists a hero, typing "1,5" key by key.');
    const t = await journey.signedInPage(2);
    await t.page.goto(
      `${journey.stack().url}/asset?tokenId=${hero}&contractAddr=${heroes}&lang=tr`,
    );
    await t.page.getByTestId('item-actions').waitFor({ timeout: 30_000 });
    expect(await t.page.getAttribute('html', 'lang')).toBe('tr');
    await t.page.getByTestId('item-actions').getByTestId('action-sell').click();
    const list = t.page.getByTestId('list-modal');
    // Typed as a keyboard does: the old box refused the comma and kept "15".
    await list.getByTestId('price-input').pressSequentially('1,5');
    expect(await list.getByTestId('price-input').inputValue()).toBe('1,5');
    await list.getByTestId('list-review').click();
    expect(await list.getByTestId('confirm-price').innerText()).toBe('1,5 AIA');
    await journey.shot(t.page, 'list-turkish-confirm');
    await list.getByTestId('list-confirm').click();
    await journey.settled(list);
    await list.getByTestId('list-success').waitFor();
    const listed = await listingOf(heroes, hero, owner);
    // A listing: the market has an active item id for it.
    expect(listed).not.toBeNull();
    expect(listed!.price).toBe(parseEther('1.5'));
    await t.page.context().close();
  }, 300_000);

  it('saves the settings with an avatar and edits a collection with its royalty', async () => {
    const c = journey.client();
    const { market, heroes } = journey.contracts();
    const user = journey.stack().accounts[2]!.address.toLowerCase();

    // ---- Settings with an avatar upload.
    journey.step('Settings with an avatar upload.');
    const u = await journey.signedInPage(2);
    await u.page.goto(`${journey.stack().url}/user-settings/${user}`);
    await u.page.getByTestId('settings-form').waitFor();
    // A real 1x1 PNG (the server checks the bytes, not the name).
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await u.page.getByTestId('settings-avatar-input').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await u.page.getByTestId('settings-username').fill('trader2');
    await u.page.getByTestId('settings-email').fill('trader2@example.com');
    await u.page.getByTestId('settings-save').click();
    await u.page.getByText('Information updated').first().waitFor();
    const profile = await api<{ username: string; imageUrl: string | null }>(
      `/user/address/${user}`,
    );
    expect(profile.username).toBe('trader2');
    expect(profile.imageUrl).toMatch(/^\/ipfs\/|^https?:/);

    // ---- Collection edit by its owner (demo account 0): royalty 5 % -> 6.5 % on chain.
    journey.step('Collection edit by its owner (demo account 0): royalty 5 % -> 6.5 % on chain.');
    const o = await journey.signedInPage(0);
    await o.page.goto(`${journey.stack().url}/collection-edit/aia-heroes`);
    await o.page.getByTestId('collection-edit-page').waitFor();
    await o.page.getByTestId('collection-edit-royalty').fill('12');
    await o.page.getByTestId('collection-edit-royalty').blur();
    expect(await o.page.getByTestId('collection-edit-royalty-error').innerText()).toBe(
      'The maximum royalty is 10%',
    );
    await o.page.getByTestId('collection-edit-royalty').fill('6.5');
    await o.page.getByTestId('collection-edit-linkTwitter').fill('not a link');
    await o.page.getByTestId('collection-edit-linkTwitter').blur();
    expect(await o.page.getByTestId('collection-edit-linkTwitter-error').innerText()).toBe(
      'Link Format Error',
    );
    await o.page.getByTestId('collection-edit-linkTwitter').fill('https://twitter.com/aiaheroes');
    await o.page.getByTestId('collection-edit-save').click();
    await o.page.waitForURL('**/collection/aia-heroes', { timeout: 90_000 });
    const [, rate] = await c.readContract({
      address: market,
      abi: marketplaceAbi,
      functionName: 'royaltyRateOf',
      args: [heroes],
    });
    expect(rate).toBe(650n);
    const collection = await api<{ royalty: number; linkTwitter: string }>(
      '/collections/link?linkCollection=aia-heroes',
    );
    expect(collection.royalty).toBe(6.5);
    expect(collection.linkTwitter).toBe('https://twitter.com/aiaheroes');

    // Anyone else is sent away from the edit page.
    await u.page.goto(`${journey.stack().url}/collection-edit/aia-heroes`);
    await u.page.waitForURL('**/collection/aia-heroes');
  }, 300_000);
});
