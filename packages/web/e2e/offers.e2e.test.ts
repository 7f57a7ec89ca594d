import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decodeEventLog, erc20Abi, parseEther, parseUnits, type Address, type Hex } from 'viem';
import { offersAbi, stableCoinAbi } from '@aiamarket/shared/abis';
import {
  ACTIVITY_METHOD,
  OFFER_KIND,
  OFFER_STATUS,
  STABLE_COIN_DECIMALS,
  type ActivityVO,
  type OfferVO,
} from '@aiamarket/shared';
import { accountOf } from './chain.js';
import { useJourney } from './journey.js';
import { makeOffer, stepsOf } from './offer-dialog.js';

// The offers journeys on the seeded demo chain, in Chromium with the injected test
// wallet: an item offer in the stable coin and a collection offer in AIA (wrapped as part of
// making it), each accepted from another wallet on the item page; a trait offer (the attribute
// chosen on the collection page) accepted with its Merkle proof; an offer cancelled from the
// account page; an offer hidden once its offerer spends the coin, and shown again when the coin
// is back. Every step checks the chain (viem) and what the API and the page show.

const journey = useJourney('offers', { privateWebDist: true, consoleTypes: ['error'] });

const itemOffers = async (nft: Address, tokenId: bigint) =>
  (
    await journey.post<{ records: OfferVO[] }>('/offer/itemList', {
      contractAddr: nft.toLowerCase(),
      tokenId: tokenId.toString(),
    })
  )?.records ?? [];

const madeOffers = async (offerer: Address) =>
  (await journey.post<{ records: OfferVO[] }>('/offer/made', { address: offerer.toLowerCase() }))
    ?.records ?? [];

/** Opens the demo heroes' collection page and clicks its collection or trait offer button. */
async function offerFromCollectionPage(page: Page, button: 'collection' | 'trait') {
  await page.goto(`${journey.stack().url}/collection/aia-heroes`);
  await page.getByTestId(`action-${button}-offer`).click();
}

/** Opens the item page and makes an offer from its Make offer button; resolves as makeOffer. */
async function offerFromItemPage(
  page: Page,
  nft: Address,
  tokenId: bigint,
  offer: Parameters<typeof makeOffer>[1],
) {
  await journey.openItem(page, nft, tokenId);
  await page.getByTestId('action-make-offer').click();
  return makeOffer(page, offer);
}

/** The stable coin's symbol, as the offer dialog lists it. */
const stableSymbol = () =>
  journey.client().readContract({
    address: journey.contract('StableCoin'),
    abi: erc20Abi,
    functionName: 'symbol',
  });

/** Mints `amount` whole stable coins to `to` (from the deployer, which owns the coin). */
const mintStable = (to: Address, amount: string) =>
  journey.send(0, journey.contract('StableCoin'), stableCoinAbi, 'mint', [
    to,
    parseUnits(amount, STABLE_COIN_DECIMALS),
  ]);

/**
 * A journey's offerer: demo account `index` (given `funds` whole stable coins first), the stable
 * coin's symbol, and the first seeded hero another demo account holds (`holder`).
 */
async function offererOf(index: number, funds?: string) {
  const address = accountOf(index);
  if (funds !== undefined) await mintStable(address, funds);
  const [[hero, holder]] = (await journey.heroesHeld([0, index])) as [[bigint, number]];
  return { address, symbol: await stableSymbol(), hero, holder };
}

/** The offerer's newest offer of `kind`, as the API lists what it made. */
const madeOffer = async (offerer: Address, kind: number) =>
  (await madeOffers(offerer)).find((x) => x.kind === kind);

/** Whether the item's offers (as the API lists them) include the offer `orderHash`. */
const itemOffered = async (nft: Address, tokenId: bigint, orderHash: string) =>
  (await itemOffers(nft, tokenId)).some((x) => x.orderHash === orderHash);

/** The Offers contract's record of an offer: [units filled, cancelled]. */
const offerStatus = (offerer: Address, orderHash: string) =>
  journey.client().readContract({
    address: journey.contract('Offers'),
    abi: offersAbi,
    functionName: 'offerStatus',
    args: [offerer, orderHash as Hex],
  });

/**
 * Opens the offerer's account page on Offers made, clicks `button` (a cancel button of that page)
 * and sends the cancel dialog `modalId` it opens; resolves once its transaction is done.
 */
async function cancelFromAccountPage(
  page: Page,
  offerer: Address,
  button: Locator,
  modalId: string,
) {
  await page.goto(`${journey.stack().url}/account/0/${offerer}?tab=offersMade`);
  const made = page.getByTestId('offers-made');
  await made.waitFor({ timeout: 30_000 });
  await button.click();
  const modal = page.getByTestId(modalId);
  await modal.getByTestId('cancel-offer-submit').click();
  await journey.settled(modal);
  return { made, modal };
}

/** Closes the pages' browser contexts. */
const closeAll = async (...pages: Page[]) => {
  for (const page of pages) await page.context().close();
};

/**
 * Accepts the offer `orderHash` from the item page's Offers tab; resolves with the net amount
 * the dialog said the seller receives (base units) and the steps of its flow.
 */
async function acceptFromItemPage(
  page: Page,
  nft: Address,
  tokenId: bigint,
  offer: OfferVO,
  units?: string,
) {
  await journey.openItem(page, nft, tokenId);
  await page.getByTestId('item-tab-offers').click();
  const table = page.getByTestId('item-offers');
  await table.waitFor({ timeout: 30_000 });
  // The offer's row (one open offer of each kind per journey); the Accept button shows once
  // the holding is known.
  const row = table
    .getByTestId('offer-row')
    .filter({ has: page.getByTestId('offer-accept') })
    .filter({ hasText: KIND_TEXT[offer.kind] });
  await expect.poll(() => row.count(), { timeout: 30_000 }).toBeGreaterThan(0);
  await row.first().getByTestId('offer-accept').click();
  const modal = page.getByTestId('accept-offer-modal');
  await modal.waitFor();
  if (units !== undefined) await modal.getByTestId('accept-units').fill(units);
  await expect.poll(() => modal.getByTestId('accept-net').innerText()).not.toBe('…');
  const [netText] = (await modal.getByTestId('accept-net').innerText()).split(' ');
  const net = parseUnits(netText!.replace(',', '.'), offer.coinDecimals);
  await journey.shot(page, `accept-${offer.kind}`);
  await modal.getByTestId('accept-offer-submit').click();
  await journey.settled(modal);
  await modal.getByTestId('accept-offer-success').waitFor();
  const steps = await stepsOf(modal);
  const hash = (await modal.getByTestId('tx-status').getAttribute('data-hash')) as Hex;
  await modal.getByRole('button', { name: 'Close' }).first().click();
  return { net, steps, hash };
}

/** An acceptance seen by a journey, for the trade checks at the end. */
interface Accepted {
  hash: Hex;
  nft: Address;
  tokenId: bigint;
  seller: Address;
  offerer: Address;
}
const accepted: Accepted[] = [];

/**
 * The acceptance's OfferAccepted event: what the offerer paid (price x units) is exactly what
 * the seller got plus the platform fee and the royalty.
 */
async function checkSplit(hash: Hex, paid: bigint, sellerGot: bigint) {
  const receipt = await journey.client().getTransactionReceipt({ hash });
  const events = receipt.logs.flatMap((log) => {
    try {
      const e = decodeEventLog({ abi: offersAbi, data: log.data, topics: log.topics });
      return e.eventName === 'OfferAccepted' ? [e.args] : [];
    } catch {
      return [];
    }
  });
  expect(events).toHaveLength(1);
  const e = events[0]!;
  expect(e.pricePerUnit * e.units).toBe(paid);
  expect(sellerGot + e.fee + e.royalty).toBe(paid);
  expect(e.fee).toBeGreaterThan(0n);
  return e;
}

/** How the Offers table names an offer's kind (en). */
const KIND_TEXT: Record<number, string> = {
  [OFFER_KIND.item]: 'This item',
  [OFFER_KIND.collection]: 'Any item of the collection',
  [OFFER_KIND.trait]: 'Trait ',
};

describe('offers', () => {
  it('an item offer in the stable coin, accepted from another wallet', async () => {
    const { heroes, stable, offers } = journey.contracts();
    const OFFERER = 5;
    // The offerer gets stable coins to pay with and starts without an allowance to Offers.
    const { address: offerer, symbol, hero, holder: sellerIndex } = await offererOf(OFFERER, '100');
    const seller = accountOf(sellerIndex);
    await journey.send(OFFERER, stable, erc20Abi, 'approve', [offers, 0n]);

    journey.step(
      `Account ${OFFERER} offers 3 ${symbol} for hero #${hero} (held by account ${sellerIndex}).`,
    );
    const o = await journey.signedInPage(OFFERER);
    const made = await offerFromItemPage(o.page, heroes, hero, { coin: symbol, price: '3' });
    // No coin left the wallet: an allowance, a signature and the server's record.
    expect(made).toEqual(['allowance', 'sign', 'submit']);
    expect(o.wallet.calls).toContain('eth_signTypedData_v4');
    const price = parseUnits('3', STABLE_COIN_DECIMALS);
    expect(await journey.tokenAllowance(stable, offerer, offers)).toBeGreaterThanOrEqual(price);
    const listed = (await itemOffers(heroes, hero)).find((x) => x.offerer === offerer);
    expect(listed).toBeTruthy();
    expect(listed!.kind).toBe(OFFER_KIND.item);
    expect(listed!.status).toBe(OFFER_STATUS.active);
    expect(listed!.priceWei).toBe(price.toString());
    // The item page shows it as the best offer.
    await o.page.reload();
    await o.page.getByTestId('item-best-offer').waitFor({ timeout: 30_000 });
    expect(await o.page.getByTestId('item-best-offer').innerText()).toContain(symbol);

    journey.step(`Account ${sellerIndex} accepts it from the item page.`);
    const balance = (who: Address) => journey.tokenBalance(stable, who);
    const [offererBefore, sellerBefore] = [await balance(offerer), await balance(seller)];
    const s = await journey.signedInPage(sellerIndex);
    const { net, steps, hash } = await acceptFromItemPage(s.page, heroes, hero, listed!);
    expect(steps.at(-1)).toBe('acceptOffer');
    expect(await journey.ownerOf(hero)).toBe(offerer);
    // Exactly the price left the offerer; the seller got what the dialog said.
    expect(offererBefore - (await balance(offerer))).toBe(price);
    expect((await balance(seller)) - sellerBefore).toBe(net);
    expect(net).toBeLessThan(price);
    const event = await checkSplit(hash, price, net);
    expect(event.seller.toLowerCase()).toBe(seller);
    accepted.push({ hash, nft: heroes, tokenId: hero, seller, offerer });
    const [filled] = await offerStatus(offerer, listed!.orderHash);
    expect(filled).toBe(1n);
    await expect
      .poll(() => itemOffered(heroes, hero, listed!.orderHash), { timeout: 30_000 })
      .toBe(false);
    await closeAll(o.page, s.page);
  }, 400_000);

  it('a collection offer in AIA (wrapped while making it), accepted from another wallet', async () => {
    const { heroes, wrapped, offers } = journey.contracts();
    const OFFERER = 6;
    const offerer = accountOf(OFFERER);
    const wrappedOf = (who: Address) => journey.tokenBalance(wrapped, who);
    expect(await wrappedOf(offerer)).toBe(0n);

    journey.step(`Account ${OFFERER} offers 0.5 AIA each for 2 heroes of the collection.`);
    const o = await journey.signedInPage(OFFERER);
    await offerFromCollectionPage(o.page, 'collection');
    const modal = o.page.getByTestId('make-offer-modal');
    await modal.waitFor();
    await modal.getByTestId('offer-coin').selectOption({ label: 'AIA' });
    await modal.getByTestId('price-input').fill('0.5');
    await modal.getByTestId('offer-units').fill('2');
    // The AIA is wrapped as part of the offer: the dialog says how much.
    await modal.getByTestId('offer-wrap-note').waitFor();
    await journey.shot(o.page, 'collection-offer-wrap');
    const made = await makeOffer(o.page, { coin: 'AIA', price: '0.5', units: '2' });
    expect(made).toEqual(['wrap', 'allowance', 'sign', 'submit']);
    expect(await wrappedOf(offerer)).toBe(parseEther('1'));
    expect(await journey.tokenAllowance(wrapped, offerer, offers)).toBeGreaterThanOrEqual(
      parseEther('1'),
    );
    const offer = await madeOffer(offerer, OFFER_KIND.collection);
    expect(offer?.status).toBe(OFFER_STATUS.active);
    expect(offer?.units).toBe('2');
    expect(offer?.moneyAddr.toLowerCase()).toBe(wrapped.toLowerCase());
    // The collection header shows the best collection offer.
    await o.page.reload();
    await expect
      .poll(() => o.page.getByTestId('collection-best-offer').innerText(), { timeout: 30_000 })
      .toContain('0.5');

    const [[hero, sellerIndex]] = (await journey.heroesHeld([0, OFFERER])) as [[bigint, number]];
    journey.step(`Account ${sellerIndex} sells hero #${hero} to it from the item page.`);
    const seller = accountOf(sellerIndex);
    const before = await wrappedOf(seller);
    const s = await journey.signedInPage(sellerIndex);
    const { net, hash } = await acceptFromItemPage(s.page, heroes, hero, offer!);
    await checkSplit(hash, parseEther('0.5'), net);
    accepted.push({ hash, nft: heroes, tokenId: hero, seller, offerer });
    expect(await journey.ownerOf(hero)).toBe(offerer);
    // The seller chose nothing: an offer in the wrapped AIA pays them AIA, unwrapped in the
    // acceptance itself (their AIA grows by the net less that transaction's gas).
    expect(await wrappedOf(seller)).toBe(before);
    const receipt = await journey.client().getTransactionReceipt({ hash });
    const native = (blockNumber: bigint) =>
      journey.client().getBalance({ address: seller, blockNumber });
    expect((await native(receipt.blockNumber)) - (await native(receipt.blockNumber - 1n))).toBe(
      net - receipt.gasUsed * receipt.effectiveGasPrice,
    );
    expect(await wrappedOf(offerer)).toBe(parseEther('0.5'));
    // One of the two is filled: the offer stays, for one more hero.
    await expect
      .poll(
        async () =>
          (await madeOffers(offerer)).find((x) => x.orderHash === offer!.orderHash)?.remaining,
        {
          timeout: 30_000,
        },
      )
      .toBe('1');
    await closeAll(o.page, s.page);
  }, 400_000);

  it('a trait offer chosen on the collection page, accepted with its proof', async () => {
    const heroes = journey.contract('GameItems721');
    const OFFERER = 7;
    const { address: offerer, symbol } = await offererOf(OFFERER, '100');

    journey.step(`Account ${OFFERER} offers 2 ${symbol} for any hero of the first Class value.`);
    const o = await journey.signedInPage(OFFERER);
    await offerFromCollectionPage(o.page, 'trait');
    const picker = o.page.getByTestId('trait-offer-modal');
    await picker.waitFor();
    await picker.getByTestId('trait-category').selectOption({ label: 'Class' });
    const valueSelect = picker.getByTestId('trait-value');
    await expect.poll(() => valueSelect.locator('option').count()).toBeGreaterThan(1);
    await valueSelect.selectOption({ index: 1 });
    const valueId = Number(await valueSelect.inputValue());
    await expect.poll(() => picker.getByTestId('trait-continue').isEnabled()).toBe(true);
    await picker.getByTestId('trait-continue').click();
    await o.page.getByTestId('make-offer-trait').waitFor();
    await makeOffer(o.page, { coin: symbol, price: '2', units: '1' });
    const offer = await madeOffer(offerer, OFFER_KIND.trait);
    expect(offer?.status).toBe(OFFER_STATUS.active);
    expect(offer?.trait?.valueId).toBe(valueId);

    // A hero in the set, held by a demo account; and one outside it does not see the offer.
    const set = await journey.post<{ tokenIds: string[] }>('/offer/traitSet', {
      contractAddr: heroes.toLowerCase(),
      valueId,
    });
    expect(set?.tokenIds.length).toBeGreaterThan(0);
    const held = await journey.heroesHeld([0, OFFERER]);
    const inSet = held.find(([id]) => set!.tokenIds.includes(id.toString()));
    const outside = held.find(([id]) => !set!.tokenIds.includes(id.toString()));
    expect(inSet).toBeTruthy();
    if (outside) expect(await itemOffered(heroes, outside[0], offer!.orderHash)).toBe(false);
    const [hero, sellerIndex] = inSet!;
    expect(await itemOffered(heroes, hero, offer!.orderHash)).toBe(true);

    journey.step(
      `Account ${sellerIndex} accepts it for hero #${hero} (the proof from offer/proof).`,
    );
    const s = await journey.signedInPage(sellerIndex);
    const proofCalls: string[] = [];
    s.page.on('request', (r) => {
      if (r.url().includes('/offer/proof')) proofCalls.push(r.postData() ?? '');
    });
    await acceptFromItemPage(s.page, heroes, hero, offer!);
    expect(proofCalls.length).toBe(1);
    expect(await journey.ownerOf(hero)).toBe(offerer);
    await closeAll(o.page, s.page);
  }, 400_000);

  it('an offer cancelled from the account page', async () => {
    const heroes = journey.contract('GameItems721');
    const OFFERER = 8;
    const { address: offerer, symbol, hero } = await offererOf(OFFERER, '100');

    journey.step(`Account ${OFFERER} offers 1 ${symbol} for hero #${hero}, then cancels it.`);
    const o = await journey.signedInPage(OFFERER);
    await offerFromItemPage(o.page, heroes, hero, { coin: symbol, price: '1' });
    const offer = (await madeOffer(offerer, OFFER_KIND.item))!;
    expect(offer.status).toBe(OFFER_STATUS.active);

    const { made, modal } = await cancelFromAccountPage(
      o.page,
      offerer,
      o.page.getByTestId('offers-made').getByTestId('offer-cancel').first(),
      'cancel-offer-modal',
    );
    expect(await stepsOf(modal)).toEqual([]);
    expect(await modal.getByTestId('tx-status').getAttribute('data-step')).toBe('cancelOffer');
    const [, cancelled] = await offerStatus(offerer, offer.orderHash);
    expect(cancelled).toBe(true);
    // Gone from the item's offers; the maker still sees it, as cancelled.
    expect(await itemOffered(heroes, hero, offer.orderHash)).toBe(false);
    expect((await madeOffers(offerer)).find((x) => x.orderHash === offer.orderHash)?.status).toBe(
      OFFER_STATUS.cancelled,
    );
    await modal.getByRole('button', { name: 'Close' }).first().click();
    await expect
      .poll(() => made.getByTestId('offer-status').first().innerText(), { timeout: 30_000 })
      .not.toBe('');
    await journey.shot(o.page, 'cancelled');
    await closeAll(o.page);
  }, 300_000);

  it('Cancel all from the account page raises the counter: every open offer drops', async () => {
    const c = journey.client();
    const { heroes, offers } = journey.contracts();
    const OFFERER = 8;
    const { address: offerer, symbol, hero } = await offererOf(OFFERER);

    journey.step(
      `Account ${OFFERER} makes an item offer and a collection offer, then cancels all.`,
    );
    const o = await journey.signedInPage(OFFERER);
    await offerFromItemPage(o.page, heroes, hero, { coin: symbol, price: '1.5' });
    await offerFromCollectionPage(o.page, 'collection');
    await makeOffer(o.page, { coin: symbol, price: '1.25', units: '3' });
    const open = (await madeOffers(offerer)).filter((x) => x.status === OFFER_STATUS.active);
    expect(open.length).toBe(2);
    const counter = () =>
      c.readContract({
        address: offers,
        abi: offersAbi,
        functionName: 'counterOf',
        args: [offerer],
      });
    const before = await counter();

    const { modal } = await cancelFromAccountPage(
      o.page,
      offerer,
      o.page.getByTestId('offers-cancel-all'),
      'cancel-all-offers-modal',
    );
    expect(await modal.getByTestId('tx-status').getAttribute('data-step')).toBe('cancelAllOffers');
    expect(await counter()).toBe(before + 1n);
    // Signed under the old counter: none is offered any more, each says cancelled to its maker.
    const after = await madeOffers(offerer);
    for (const x of open) {
      expect(after.find((y) => y.orderHash === x.orderHash)?.status).toBe(OFFER_STATUS.cancelled);
    }
    expect((await itemOffers(heroes, hero)).some((x) => x.offerer === offerer)).toBe(false);
    await closeAll(o.page);
  }, 300_000);

  it('an offer is hidden once the offerer spends the coin, and shown again when it is back', async () => {
    const { heroes, stable } = journey.contracts();
    const OFFERER = 9;
    const { address: offerer, symbol, hero, holder: holderIndex } = await offererOf(OFFERER, '10');

    journey.step(`Account ${OFFERER} offers 4 ${symbol} for hero #${hero}.`);
    const o = await journey.signedInPage(OFFERER);
    await offerFromItemPage(o.page, heroes, hero, { coin: symbol, price: '4' });
    const offer = (await madeOffer(offerer, OFFER_KIND.item))!;
    const shown = () => itemOffered(heroes, hero, offer.orderHash);
    expect(await shown()).toBe(true);

    journey.step('The offerer sends its whole stable-coin balance away: the offer is hidden.');
    const all = await journey.tokenBalance(stable, offerer);
    await journey.send(OFFERER, stable, erc20Abi, 'transfer', [accountOf(0), all]);
    await expect.poll(shown, { timeout: 30_000, interval: 500 }).toBe(false);
    expect((await madeOffers(offerer)).find((x) => x.orderHash === offer.orderHash)?.status).toBe(
      OFFER_STATUS.unfunded,
    );
    // The holder's item page lists no item offer (a collection offer of an earlier journey
    // may still be there).
    const h = await journey.signedInPage(holderIndex);
    const itemOfferRows = () =>
      h.page.getByTestId('offer-row').filter({ hasText: KIND_TEXT[OFFER_KIND.item] });
    await journey.openItem(h.page, heroes, hero);
    await h.page.getByTestId('item-tab-offers').click();
    // Loaded: the empty state, or the rows (skeleton rows are not offer rows).
    await expect
      .poll(
        async () =>
          (await h.page.getByTestId('item-offers-empty').count()) +
          (await h.page.getByTestId('offer-row').count()),
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    expect(await itemOfferRows().count()).toBe(0);

    journey.step('The coin comes back: the offer is shown again.');
    await journey.send(0, stable, erc20Abi, 'transfer', [offerer, all]);
    await expect.poll(shown, { timeout: 30_000, interval: 500 }).toBe(true);
    await h.page.reload();
    await h.page.getByTestId('item-tab-offers').click();
    await itemOfferRows().getByTestId('offer-accept').waitFor({ timeout: 30_000 });
    await closeAll(o.page, h.page);
  }, 300_000);

  it('acceptances are trades: the item history shows each, from the seller to the offerer', async () => {
    expect(accepted.length).toBe(2);
    for (const a of accepted) {
      journey.step(`The history of hero #${a.tokenId} has the trade ${a.hash}.`);
      const tradeOf = async () => {
        const page = await journey.post<{ records: ActivityVO[] }>('/transaction/page', {
          contractAddr: a.nft.toLowerCase(),
          tokenId: a.tokenId.toString(),
          types: [ACTIVITY_METHOD.trade],
        });
        return page?.records.find((r) => r.txHash.toLowerCase() === a.hash.toLowerCase()) ?? null;
      };
      await expect.poll(tradeOf, { timeout: 30_000, interval: 1_000 }).toBeTruthy();
      const trade = (await tradeOf())!;
      expect(trade.fromAddr.toLowerCase()).toBe(a.seller);
      expect(trade.toAddr?.toLowerCase()).toBe(a.offerer);
    }
  }, 120_000);
});
