import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recoverTypedDataAddress, type Address, type Hash } from 'viem';
import {
  OFFER_KIND,
  OFFER_STATUS,
  OFFER_TYPES,
  offerDomain,
  traitTree,
  type OfferCreateRequest,
  type OfferVO,
} from '@aiamarket/shared';
import { createQueryClient } from '../../app/Providers';
import type * as Chain from '../../lib/chain';
import type * as OfferChain from '../../lib/chain/offers';
import { ApiAnswer, mockApi, type SeenCall } from '../../test/api';
import { testAppConfig } from '../../test/app-config';
import { CONTRACT } from '../../test/market-fixtures';
import { aiaOfferCoin } from '../../test/offer-fixtures';
import {
  TEST_CHAIN_ID as CHAIN_ID,
  signInTestWallet,
  testWallet as account,
} from '../../test/trade-wallet';
import { AcceptOfferModal } from './AcceptOfferModal';
import { MakeOfferModal, type OfferCoin } from './MakeOfferModal';

// The wallet is the test wallet signing for real; the transactions (wrap, approve, accept) are
// recorded instead of sent, each "mined" in its own block.
const OFFERS = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512' as Address;
const WRAPPED = '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0' as Address;
const E18 = 10n ** 18n;

const chain = vi.hoisted(() => ({
  sent: [] as string[],
  funds: { balance: 0n, allowance: 0n, native: 0n },
  counter: 4n,
  block: 10n,
}));
const txHash = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}` as Hash;

vi.mock('../../lib/chain', async (importOriginal) =>
  (await import('../../test/trade-wallet')).connectedChain(await importOriginal<typeof Chain>()),
);
vi.mock('../../lib/chain/offers', async (importOriginal) => {
  const real = await importOriginal<typeof OfferChain>();
  const mined =
    (what: string, step: Parameters<Chain.TxHashHandler>[0]) =>
    async (...args: unknown[]) => {
      chain.block += 1n;
      chain.sent.push(what.replace('$', String(args[what.includes('wrap') ? 1 : 2])));
      const onHash = args.at(-1) as Chain.TxHashHandler | undefined;
      onHash?.(step, txHash(chain.block));
      return { hash: txHash(chain.block), blockNumber: chain.block };
    };
  return {
    ...real,
    offersAddress: async () => OFFERS,
    wrappedAiaAddress: async () => WRAPPED,
    readOfferFunds: async () => chain.funds,
    readOfferCounter: async () => chain.counter,
    // The chain's clock runs 100 s behind the browser's: the offer starts at block time.
    offerStartTime: async (now: bigint) => now - 100n,
    wrapAia: mined('wrap $', 'wrap'),
    approveOfferCoin: mined('approve $', 'allowance'),
    acceptOffer: async (
      _wallet: unknown,
      input: OfferChain.AcceptInput,
      onHash?: Chain.TxHashHandler,
    ) => {
      chain.block += 1n;
      chain.sent.push(
        `accept ${input.tokenId} x${input.units} proof ${input.proof.length}${input.inAia ? ' in AIA' : ''}`,
      );
      onHash?.('acceptOffer', txHash(chain.block));
      return { hash: txHash(chain.block), blockNumber: chain.block };
    },
    // A real EIP-712 signature with the shared domain and types.
    signOffer: async (_wallet: unknown, offer: Parameters<typeof real.signOffer>[1]) => {
      chain.sent.push('sign');
      return account.signTypedData({
        domain: offerDomain(CHAIN_ID, OFFERS),
        types: OFFER_TYPES,
        primaryType: 'Offer',
        message: offer,
      });
    },
  };
});

const aia: OfferCoin = aiaOfferCoin(WRAPPED);

/**
 * An active offer of one wrapped AIA a unit on CONTRACT, for no token in particular (collection
 * and trait offers), with only what accepting it reads.
 */
const openOfferOf = (over: object) =>
  ({
    contractAddr: CONTRACT,
    tokenId: null,
    coin: 'WAIA',
    moneyAddr: WRAPPED,
    coinDecimals: 18,
    priceWei: String(E18),
    status: OFFER_STATUS.active,
    name: null,
    ...over,
  }) as unknown as OfferVO;

beforeEach(() => {
  chain.sent = [];
  chain.counter = 4n;
  chain.block = 10n;
  signInTestWallet();
});

function clientWith(funds: typeof chain.funds) {
  chain.funds = funds;
  const client = createQueryClient();
  client.setQueryData(['app-config'], testAppConfig({ chainId: CHAIN_ID }));
  client.setQueryData(['offer-coins'], [aia]);
  client.setQueryData(['offer-funds', WRAPPED, account.address.toLowerCase()], funds);
  return client;
}

/** An open offer of the same account in wrapped AIA: 2 left at 0.5 each still draw 1 AIA. */
const open = {
  status: OFFER_STATUS.unfunded,
  moneyAddr: WRAPPED,
  remaining: '2',
  priceWei: String(E18 / 2n),
} as OfferVO;

describe('making an offer', () => {
  it('wraps the shortfall, approves this offer plus the open ones, signs and publishes it', async () => {
    const created: OfferCreateRequest[] = [];
    const api = mockApi({
      'POST /v1/api/offer/made': { records: [open], total: 1, current: 1, size: 20 },
      'POST /v1/api/offer/create': (call: SeenCall) => {
        created.push(call.body as OfferCreateRequest);
        return {};
      },
    });
    render(
      <QueryClientProvider client={clientWith({ balance: E18, allowance: E18, native: 9n * E18 })}>
        <MakeOfferModal
          target={{
            kind: OFFER_KIND.trait,
            contractAddr: CONTRACT,
            erc1155: false,
            valueId: 31,
            root: `0x${'ab'.repeat(32)}`,
          }}
          unitsCap={5n}
          onClose={() => undefined}
        />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByTestId('price-input'), { target: { value: '1.5' } });
    fireEvent.change(screen.getByTestId('offer-units'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('offer-expiry'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('make-offer-submit'));
    expect(
      (await screen.findByTestId('make-offer-success', {}, { timeout: 4000 })).textContent,
    ).toBe('Your offer is published');
    // 3 AIA offered, 1 held wrapped: wrap 2; allowance 1 < 3 + 1 of the open offer: approve 4.
    expect(chain.sent).toEqual([`wrap ${2n * E18}`, `approve ${4n * E18}`, 'sign']);
    expect(api.filter((c) => c.path === '/v1/api/offer/made')[0]!.body).toEqual({
      address: account.address,
      page: 1,
      size: 20,
    });
    const [req] = created;
    expect(req!.traitValueId).toBe(31);
    expect(req!.offer).toMatchObject({
      offerer: account.address,
      collection: CONTRACT,
      kind: OFFER_KIND.trait,
      erc1155: false,
      identifier: BigInt(`0x${'ab'.repeat(32)}`).toString(),
      units: '2',
      coin: WRAPPED,
      pricePerUnit: String((3n * E18) / 2n),
      counter: '4',
    });
    expect(BigInt(req!.offer.end) - BigInt(req!.offer.start)).toBe(30n * 86_400n);
    const browserNow = BigInt(Math.floor(Date.now() / 1000));
    expect(browserNow - BigInt(req!.offer.start)).toBeGreaterThanOrEqual(100n);
    const o = req!.offer;
    const signer = await recoverTypedDataAddress({
      domain: offerDomain(CHAIN_ID, OFFERS),
      types: OFFER_TYPES,
      primaryType: 'Offer',
      message: {
        ...o,
        offerer: o.offerer as Address,
        collection: o.collection as Address,
        coin: o.coin as Address,
        identifier: BigInt(o.identifier),
        units: BigInt(o.units),
        pricePerUnit: BigInt(o.pricePerUnit),
        start: BigInt(o.start),
        end: BigInt(o.end),
        salt: BigInt(o.salt),
        counter: BigInt(o.counter),
      },
      signature: req!.signature as `0x${string}`,
    });
    expect(signer).toBe(account.address);
  });

  it('sends no transaction when the wrapped balance and the allowance already cover it', async () => {
    mockApi({
      'POST /v1/api/offer/made': { records: [], total: 0, current: 1, size: 20 },
      'POST /v1/api/offer/create': {},
    });
    render(
      <QueryClientProvider
        client={clientWith({ balance: 5n * E18, allowance: 5n * E18, native: 0n })}
      >
        <MakeOfferModal
          target={{ kind: OFFER_KIND.item, contractAddr: CONTRACT, erc1155: false, tokenId: '7' }}
          unitsCap={1n}
          onClose={() => undefined}
        />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByTestId('price-input'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('make-offer-submit'));
    await screen.findByTestId('make-offer-success', {}, { timeout: 4000 });
    expect(chain.sent).toEqual(['sign']);
  });
});

describe('accepting a trait offer', () => {
  // The signed set is {12, 14, 20}; the holder has 12, 13 and 14 of the collection.
  const signedSet = [12n, 14n, 20n];
  const root = traitTree(signedSet).root;
  const offer = openOfferOf({
    orderHash: `0x${'0f'.repeat(32)}`,
    kind: OFFER_KIND.trait,
    erc1155: false,
    trait: { categoryId: 3, category: 'Hat', valueId: 31, value: 'Red', tokenCount: 3 },
    remaining: '3',
    collectionName: 'Sky Knights',
    signed: { identifier: BigInt(root).toString() },
  });
  const card = (id: number) => ({ tokenId: String(id), name: `Knight ${id}`, amount: '1' });
  const held = {
    records: [card(12), card(13), card(14)],
    total: 3,
    current: 1,
    size: 20,
  };
  const proofs: string[] = [];
  const proofRoute = (call: SeenCall) => {
    const { tokenId } = call.body as { tokenId: string };
    proofs.push(tokenId);
    if (!signedSet.includes(BigInt(tokenId))) {
      throw new ApiAnswer(10035, 'This item is not one of the items the offer is for');
    }
    return { proof: [`0x${'11'.repeat(32)}`, `0x${'22'.repeat(32)}`] };
  };

  function renderAccept() {
    const client = clientWith({ balance: 0n, allowance: 0n, native: 0n });
    client.setQueryData(['offer-fee-fraction'], { numerator: 2n, denominator: 100n });
    client.setQueryData(['offer-royalty', CONTRACT, '14', String(E18)], 0n);
    client.setQueryData(['offer-royalty', CONTRACT, '12', String(E18)], 0n);
    render(
      <QueryClientProvider client={client}>
        <AcceptOfferModal offer={offer} onClose={() => undefined} />
      </QueryClientProvider>,
    );
  }
  const options = async () =>
    (await screen.findByTestId('accept-token')).querySelectorAll('option');

  beforeEach(() => {
    proofs.length = 0;
  });

  it('offers a pick of only the held tokens in the set, fetches the proof and sells the one picked', async () => {
    const api = mockApi({
      'POST /v1/api/asset/userInfoList': held,
      'POST /v1/api/offer/traitSet': { valueId: 31, tokenIds: ['12', '14', '20'], root },
      'POST /v1/api/offer/proof': proofRoute,
    });
    renderAccept();
    // No token id to type: the holder picks one of theirs; 13 lacks the trait, 20 is not theirs.
    expect([...(await options())].map((o) => o.textContent)).toEqual([
      'Knight 12 #12',
      'Knight 14 #14',
    ]);
    expect(api.find((c) => c.path === '/v1/api/asset/userInfoList')!.body).toEqual({
      contractAddr: CONTRACT,
      ownerAddr: account.address.toLowerCase(),
      page: 1,
      size: 20,
    });
    fireEvent.change(screen.getByTestId('accept-token'), { target: { value: '14' } });
    // An offer in the wrapped AIA pays the seller AIA unless they choose the wrapped coin.
    await waitFor(() => expect(screen.getByTestId('accept-net').textContent).toBe('0.98 AIA'));
    fireEvent.click(screen.getByTestId('accept-in-aia'));
    expect(screen.getByTestId('accept-net').textContent).toBe('0.98 WAIA');
    fireEvent.click(screen.getByTestId('accept-in-aia'));
    expect(screen.getByTestId('accept-net').textContent).toBe('0.98 AIA');
    fireEvent.click(screen.getByTestId('accept-offer-submit'));
    await screen.findByTestId('accept-offer-success', {}, { timeout: 4000 });
    expect(proofs).toEqual(['14']);
    expect(chain.sent).toEqual(['accept 14 x1 proof 2 in AIA']);
  });

  it("asks offer/proof per held token once the trait's set changed since the offer was signed", async () => {
    mockApi({
      'POST /v1/api/asset/userInfoList': held,
      // 13 got the trait since: the current set is not the signed one.
      'POST /v1/api/offer/traitSet': {
        valueId: 31,
        tokenIds: ['12', '13', '14', '20'],
        root: traitTree([12n, 13n, 14n, 20n]).root,
      },
      'POST /v1/api/offer/proof': proofRoute,
    });
    renderAccept();
    await waitFor(async () =>
      expect([...(await options())].map((o) => o.value)).toEqual(['12', '14']),
    );
    expect([...proofs].sort()).toEqual(['12', '13', '14']);
  });

  it('says so when the holder has no token the offer accepts', async () => {
    mockApi({
      'POST /v1/api/asset/userInfoList': { records: [card(13)], total: 1, current: 1, size: 20 },
      'POST /v1/api/offer/traitSet': { valueId: 31, tokenIds: ['12', '14', '20'], root },
    });
    renderAccept();
    expect((await screen.findByTestId('accept-no-tokens')).textContent).toBe(
      'You hold no item this offer accepts',
    );
    expect(screen.getByTestId<HTMLButtonElement>('accept-offer-submit').disabled).toBe(true);
  });
  it("shows the server's refusal when the holdings cannot be read", async () => {
    mockApi({});
    renderAccept();
    // The query client retries once (about a second) before it shows the error.
    const error = await screen.findByTestId('accept-tokens-error', {}, { timeout: 4000 });
    expect(error.textContent).toBe('Not found');
    expect(screen.queryByTestId('accept-tokens-loading')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('accept-offer-submit').disabled).toBe(true);
  });
});

describe('accepting an ERC1155 collection offer', () => {
  it('lists every held token of the collection (all pages) with the copies held, and caps the quantity by it', async () => {
    const offer = openOfferOf({
      orderHash: `0x${'0e'.repeat(32)}`,
      kind: OFFER_KIND.collection,
      erc1155: true,
      trait: null,
      remaining: '10',
      collectionName: 'Potions',
      signed: { identifier: '0' },
    });
    const api = mockApi({
      'POST /v1/api/asset/userInfoList': (call: SeenCall) =>
        (call.body as { page: number }).page === 1
          ? {
              records: [{ tokenId: '1', name: 'Potion', amount: '3' }],
              total: 2,
              current: 1,
              size: 1,
            }
          : {
              records: [{ tokenId: '2', name: 'Elixir', amount: '7' }],
              total: 2,
              current: 2,
              size: 1,
            },
    });
    const client = clientWith({ balance: 0n, allowance: 0n, native: 0n });
    client.setQueryData(['offer-fee-fraction'], { numerator: 0n, denominator: 100n });
    render(
      <QueryClientProvider client={client}>
        <AcceptOfferModal offer={offer} onClose={() => undefined} />
      </QueryClientProvider>,
    );
    const select = await screen.findByTestId<HTMLSelectElement>('accept-token');
    await waitFor(() =>
      expect([...select.options].map((o) => o.textContent)).toEqual([
        'Potion #1 · 3 held',
        'Elixir #2 · 7 held',
      ]),
    );
    expect(screen.getByTestId('accept-units').previousSibling?.textContent).toBe(
      'Quantity (up to 3)',
    );
    fireEvent.change(select, { target: { value: '2' } });
    expect(screen.getByLabelText('Quantity (up to 7)')).toBe(screen.getByTestId('accept-units'));
    // Nothing asks offer/proof for a collection offer.
    expect(api.some((c) => c.path === '/v1/api/offer/proof')).toBe(false);
  });
});
