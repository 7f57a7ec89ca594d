import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createWalletClient,
  getAddress,
  http,
  parseEther,
  zeroAddress,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_ACCOUNTS, DEMO_LAUNCHPAD, deployContracts } from '@aiamarket/contracts';
import { chainFor, type Deployment } from '@aiamarket/shared';
import { launchpad1155Abi, launchpad721Abi } from '@aiamarket/shared/abis';
import { buildApp } from '../../app.js';
import { createTestContext, type TestContext } from '../../../test/support/context.js';
import { projectInput } from './input.js';
import { saveProject } from './queries.js';
import { projectState } from './view.js';
import type { SaleOnChain } from './chain.js';

let t: TestContext;
let app: FastifyInstance;
let deployment: Deployment;
const addr = (name: string) => deployment.contracts[name]!.address as Address;
const image = '/ipfs/bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy';
const ids: Record<string, number> = {};

function wallet(index: number) {
  return createWalletClient({
    account: privateKeyToAccount(ANVIL_ACCOUNTS[index]!.privateKey),
    chain: chainFor(t.ctx.config.chainId, t.anvil.rpcUrl),
    transport: http(t.anvil.rpcUrl),
  });
}

async function mined(hash: Hex) {
  const receipt = await t.ctx.chain.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  expect(receipt.status).toBe('success');
}

/** Configures 1155 token `tokenId` of the launchpad with the given period (seconds from now). */
async function configure1155(tokenId: bigint, fromS: number, toS: number) {
  const { timestamp } = await t.ctx.chain.getBlock();
  const owner = wallet(0);
  await mined(
    await owner.writeContract({
      address: addr('Launchpad1155'),
      abi: launchpad1155Abi,
      functionName: 'configure',
      args: [
        tokenId,
        { blindBoxType: 0, downFlag: false, swapFlag: false, bankAddress: owner.account.address },
        {
          collectionSize: 50,
          maxBatchSize: 5,
          maxUserSize: 10,
          totalSupply: 0,
          startAt: timestamp + BigInt(fromS),
          endAt: timestamp + BigInt(toS),
        },
        { fromNft: addr('GameItems1155'), fromAmount: 1, toAmount: 1 },
        [{ coinAddr: zeroAddress, coinAmount: parseEther('1'), coinMaxAmount: 50n }],
      ],
    }),
  );
}

beforeAll(async () => {
  t = await createTestContext();
  deployment = await deployContracts({
    rpcUrl: t.anvil.rpcUrl,
    privateKey: ANVIL_ACCOUNTS[0]!.privateKey,
    chainId: t.ctx.config.chainId,
  });
  t.ctx.deployment = deployment;
  app = await buildApp(t.ctx);
  await app.ready();
  const db = t.ctx.database.db;
  const save = async (key: string, input: object) => {
    ids[key] = (await saveProject(db, projectInput.parse(input))).id;
  };
  await save('genesis', {
    contractAddr: addr('Launchpad721'),
    contractType: 'ERC721',
    name: 'AIA Genesis',
    description: 'The first heroes',
    coverUrl: image,
    projectDesc: '<h2>Mint</h2><p onclick="x()">Two coins</p><script>bad()</script>',
    linkCollection: 'aia-genesis',
    linkTwitter: 'https://twitter.com/aia',
    coins: [
      { address: zeroAddress, symbol: 'AIA', decimals: 18, iconUrl: image },
      { address: addr('StableCoin'), symbol: 'USDT', decimals: 6 },
    ],
  });
  await save('relics', {
    contractAddr: addr('Launchpad1155'),
    contractType: 'ERC1155',
    tokenId: '0',
    name: 'AIA Relics',
    sort: 1,
  });
  await configure1155(7n, 86_400, 2 * 86_400);
  await save('soon', {
    contractAddr: addr('Launchpad1155'),
    contractType: 'ERC1155',
    tokenId: '7',
    name: 'Relics Soon',
    sort: 2,
  });
  await configure1155(8n, -5_000, -100);
  await save('over', {
    contractAddr: addr('Launchpad1155'),
    contractType: 'ERC1155',
    tokenId: '8',
    name: 'Relics Over',
    sort: 3,
  });
  await save('unconfigured', {
    contractAddr: addr('Launchpad1155'),
    contractType: 'ERC1155',
    tokenId: '9',
    name: 'Relics Nine',
    sort: 4,
  });
});

afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});

afterEach(() => {
  vi.useRealTimers();
});

const laun = (payload: object) =>
  app.inject({ method: 'POST', url: '/v1/api/collections/getLaunPage', payload });

describe('project state mapping', () => {
  it('maps the SaleState onto state 1 / 2 / 3 and an activity-style status', () => {
    const sale = (state: number) => ({ state }) as SaleOnChain;
    expect(projectState(sale(0))).toEqual({ state: 1, status: 0 });
    expect(projectState(sale(1))).toEqual({ state: 1, status: 1 });
    expect(projectState(sale(2))).toEqual({ state: 2, status: 2 });
    expect(projectState(sale(3))).toEqual({ state: 2, status: 3 });
    expect(projectState(sale(4)).state).toBe(3);
    expect(projectState(sale(5)).state).toBe(3);
    expect(projectState(null).state).toBe(3);
  });
});

describe('/v1/api/collections/getLaunPage', () => {
  it('reads the 721 sale from the chain, before and after a real mint', async () => {
    const detail = async () =>
      (await laun({ id: ids.genesis, name: '', contractAddr: '', contarctAddr: '' })).json().data;
    const before = await detail();
    expect(before.total).toBe(1);
    const p = before.records[0];
    expect(p).toMatchObject({
      id: ids.genesis,
      state: 1,
      status: 1,
      chainState: 1,
      mintNum: DEMO_LAUNCHPAD.collectionSize,
      mintMaxLimit: DEMO_LAUNCHPAD.maxUserSize,
      maxBatchSize: DEMO_LAUNCHPAD.maxBatchSize,
      minted: 0,
      contractType: 721,
      contractAddr: addr('Launchpad721').toLowerCase(),
      isExchange: 1,
      exchangeAddr: addr('GameItems721').toLowerCase(),
      newNum: DEMO_LAUNCHPAD.swap721.toAmount,
      oldNum: DEMO_LAUNCHPAD.swap721.fromAmount,
      mintCoin: [
        { coin: 'AIA', number: '0.01', iconUrl: image, address: zeroAddress, decimals: 18 },
        {
          coin: 'USDT',
          number: '5',
          iconUrl: null,
          address: addr('StableCoin').toLowerCase(),
          decimals: 6,
        },
      ],
      collectionsVO: {
        name: 'AIA Genesis',
        description: 'The first heroes',
        projectDesc: '<h2>Mint</h2><p>Two coins</p>',
        linkCollection: 'aia-genesis',
        linkTwitter: 'https://twitter.com/aia',
        linkDiscord: null,
      },
    });
    expect(p.countdown[0]).toBeGreaterThanOrEqual(29);
    expect(p.mintEndTime - p.mintStartTime).toBe(DEMO_LAUNCHPAD.durationSeconds * 1000);

    const minter = wallet(1);
    await mined(
      await minter.writeContract({
        address: addr('Launchpad721'),
        abi: launchpad721Abi,
        functionName: 'mint',
        args: [zeroAddress, 3n],
        value: parseEther('0.03'),
      }),
    );
    // Cached for 5 s: a later read sees the mint.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6_000);
    expect((await detail()).records[0].minted).toBe(3);
  });

  it('lists by state: not started and active are 1, ended is 2, others 3', async () => {
    const inProgress = (await laun({ state: 1, page: 1, size: 4 })).json().data;
    expect(inProgress.total).toBe(3);
    expect(inProgress.records.map((r: { id: number }) => r.id)).toEqual([
      ids.genesis,
      ids.relics,
      ids.soon,
    ]);
    const soon = inProgress.records[2];
    expect(soon).toMatchObject({ state: 1, status: 0, chainState: 0, contractType: 1155 });
    const secondsLeft =
      soon.countdown[0] * 86_400 +
      soon.countdown[1] * 3_600 +
      soon.countdown[2] * 60 +
      soon.countdown[3];
    expect(Math.abs(secondsLeft - 86_400)).toBeLessThan(120);

    const ended = (
      await app.inject({
        method: 'GET',
        url: '/v1/api/collections/getLaunPage?state=2&page=1&size=6&name=&contractAddr=',
      })
    ).json().data;
    expect(ended.records.map((r: { id: number }) => r.id)).toEqual([ids.over]);
    expect(ended.records[0]).toMatchObject({ status: 2, countdown: [0, 0, 0, 0] });

    const other = (await laun({ state: 3 })).json().data;
    expect(other.records.map((r: { id: number }) => r.id)).toEqual([ids.unconfigured]);

    const page2 = (await laun({ state: 1, page: 2, size: 2 })).json().data;
    expect(page2).toMatchObject({ total: 3, current: 2, size: 2, pages: 2 });
    expect(page2.records.map((r: { id: number }) => r.id)).toEqual([ids.soon]);

    const byName = (await laun({ name: 'relics' })).json().data;
    expect(byName.total).toBe(4);
  });

  it('pages by the spec sizes when none is sent: 4 in progress, 6 ended', async () => {
    expect((await laun({ state: 1 })).json().data).toMatchObject({ size: 4, current: 1 });
    expect((await laun({ state: 2 })).json().data).toMatchObject({ size: 6, current: 1 });
    const query = await app.inject({
      method: 'GET',
      url: '/v1/api/collections/getLaunPage?state=2&name=&contractAddr=',
    });
    expect(query.json().data.size).toBe(6);
    expect((await laun({ state: 2, size: 3 })).json().data.size).toBe(3);
    expect((await laun({})).json().data.size).toBe(4);
    expect((await laun({ state: 2, size: 0 })).statusCode).toBe(400);
  });

  it('reads every project of a page in one chain call, then serves it from a 5 s cache', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    const spy = vi.spyOn(t.ctx.chain, 'multicall');
    try {
      expect((await laun({})).json().data.total).toBe(5);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy.mock.calls[0]![0].contracts).toHaveLength(10);
      await laun({ state: 2 });
      expect(spy).toHaveBeenCalledTimes(1);
      vi.setSystemTime(Date.now() + 6_000);
      await laun({ state: 1 });
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('answers an empty page for an unknown id and 400 for bad input', async () => {
    expect((await laun({ id: 999_999 })).json().data).toMatchObject({ total: 0, records: [] });
    const bad = await laun({ state: 9 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 10001, data: null });
    expect((await laun({ contractAddr: '0x12' })).statusCode).toBe(400);
  });
});

describe('/v1/api/collections/contract', () => {
  it("answers a contract's type and name from the chain", async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/v1/api/collections/contract?contract=${addr('GameItems1155')}`,
    });
    expect(res.json()).toMatchObject({
      code: 0,
      data: { contractType: 'ERC1155', name: 'AIA Game Items' },
    });
    const post = await app.inject({
      method: 'POST',
      url: '/v1/api/collections/contract',
      payload: { contract: getAddress(addr('GameItems721')) },
    });
    expect(post.json().data).toEqual({ contractType: 'ERC721', name: 'AIA Heroes' });
  });

  it('answers 404 for an address without an NFT contract and 400 for a bad one', async () => {
    const none = await app.inject({
      method: 'GET',
      url: `/v1/api/collections/contract?contract=${addr('StableCoin')}`,
    });
    expect(none.statusCode).toBe(404);
    const bad = await app.inject({ method: 'GET', url: '/v1/api/collections/contract?contract=x' });
    expect(bad.statusCode).toBe(400);
  });
});
