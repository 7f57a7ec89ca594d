// The demo world on chain, mined at past block times: the extra collections, token URIs,
// royalties, stable coins, items for the demo accounts, the launchpad sales (two in progress until
// a month from now, one ended) and a month of market history that ends at the wall clock.
import {
  maxUint256,
  parseEther,
  parseUnits,
  zeroAddress,
  type Address,
  type PublicClient,
} from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { DEMO_LAUNCHPAD } from '@aiamarket/contracts';
import { STABLE_COIN_DECIMALS, type Deployment } from '@aiamarket/shared';
import {
  gameItems1155Abi,
  gameItems721Abi,
  launchpad1155Abi,
  launchpad721Abi,
  marketplaceAbi,
  stableCoinAbi,
} from '@aiamarket/shared/abis';
import type { DemoChain } from './demo-chain.js';
import { gameItemsContract } from './game-items.js';
import { DEMO_COLLECTIONS, DEMO_LEVEL_UP, type DemoCollection } from './demo-collections.js';
import { prng } from './demo-images.js';
import { DemoMarket, mayTrade, type MarketCollection, type MarketSummary } from './demo-market.js';
import type { PublishedCollection } from './demo-publish.js';

/** Stable coins minted to every demo account, so each can pay in the stable coin right away. */
export const DEMO_STABLE_COIN_BALANCE = parseUnits('10000', STABLE_COIN_DECIMALS);
/** The 1155 launchpad token id of the demo's ended sale ("First Light"). */
export const DEMO_ENDED_RELIC_TOKEN_ID = 1n;
/** Days of market history that end at the wall clock. */
export const DEMO_HISTORY_DAYS = 30;
/** Steps (blocks of market activity) over the history, and listings added at the end. */
const STEPS = 60;
const FINAL_LISTINGS = 30;
const DAY = 86_400;

export interface DemoWorld {
  deployment: Deployment;
  market: MarketSummary;
}

/** ERC721: [account, count] mints in id order; ERC1155: per account, ids and amounts. */
function distribution(c: DemoCollection, rand: () => number) {
  const erc721: [number, number][] = [];
  const erc1155 = new Map<number, { ids: bigint[]; amounts: bigint[] }>();
  const add1155 = (account: number, id: number, amount: number) => {
    const entry = erc1155.get(account) ?? { ids: [], amounts: [] };
    entry.ids.push(BigInt(id));
    entry.amounts.push(BigInt(amount));
    erc1155.set(account, entry);
  };
  if (c.deploymentName === 'GameItems721') {
    // Accounts 1-3 get ids 1-12 (the launchpad journeys swap account 1's four), 4-9 the rest.
    for (const a of [1, 2, 3]) erc721.push([a, 4]);
    for (const a of [4, 5, 6, 7, 8, 9]) erc721.push([a, 10]);
  } else if (c.type === 'ERC721') {
    const per = Math.floor(c.supply / 9);
    for (let a = 1; a <= 9; a++) erc721.push([a, a === 9 ? c.supply - per * 8 : per]);
  } else {
    let first = c.firstId;
    if (c.deploymentName === 'GameItems1155') {
      // Accounts 1-3 hold ids 1-3 (the 1155 swap journey counts account 2's).
      for (const [i, a] of [1, 2, 3].entries()) {
        add1155(a, 1, 5 + i);
        add1155(a, 2, 3);
        add1155(a, 3, 1);
      }
      first = 4;
    }
    for (let id = first; id < c.firstId + c.supply; id++) {
      const holders = new Set<number>();
      const want = 2 + Math.floor(rand() * 2);
      while (holders.size < want) {
        const a = 1 + Math.floor(rand() * 9);
        if (mayTrade(a, c, null)) holders.add(a);
      }
      for (const a of holders) add1155(a, id, 3 + Math.floor(rand() * 18));
    }
  }
  return { erc721, erc1155 };
}

/** Points every collection at its metadata directory (base URI, or ERC1155 uri with {id}). */
async function setTokenUris(
  chain: DemoChain,
  owner: PrivateKeyAccount,
  addr: (name: string) => Address,
  published: Map<string, PublishedCollection>,
) {
  const uri = (c: DemoCollection) => {
    const p = published.get(c.link);
    if (!p) throw new Error(`the metadata of ${c.name} was not published`);
    return p.uri;
  };
  for (const c of DEMO_COLLECTIONS) {
    const address = addr(c.deploymentName);
    // The game collections and the launchpads name the setter alike by standard (721: a base
    // URI, 1155: one URI for every id).
    const abi = c.launchpad
      ? c.type === 'ERC721'
        ? launchpad721Abi
        : launchpad1155Abi
      : c.type === 'ERC721'
        ? gameItems721Abi
        : gameItems1155Abi;
    await chain.call(owner, {
      address,
      abi,
      functionName: c.type === 'ERC721' ? 'setBaseURI' : 'setURI',
      args: [uri(c)],
      gas: 300_000n,
    });
  }
}

/**
 * One hero levels up: the owner points it at its level-2 metadata (setTokenURI), and the
 * ERC-4906 MetadataUpdate it emits makes the indexer refresh the item.
 */
async function levelUp(
  chain: DemoChain,
  owner: PrivateKeyAccount,
  addr: (name: string) => Address,
  published: Map<string, PublishedCollection>,
) {
  const c = DEMO_COLLECTIONS.find((x) => x.deploymentName === DEMO_LEVEL_UP.deploymentName)!;
  const up = published.get(c.link)?.levelUp;
  if (!up) throw new Error(`the level-up metadata of ${c.name} was not published`);
  await chain.call(owner, {
    address: addr(c.deploymentName),
    abi: gameItems721Abi,
    functionName: 'setTokenURI',
    args: [BigInt(up.tokenId), up.uri],
    gas: 200_000n,
  });
}

/**
 * Seeds the chain. The chain must be fresh (deployed, nothing minted) and its clock in the past
 * (genesis about a month ago); it ends at the wall clock with automine back on.
 */
export async function seedWorld(opts: {
  chain: DemoChain;
  client: PublicClient;
  accounts: PrivateKeyAccount[];
  deployment: Deployment;
  /** The art and metadata, published while the chain is seeded (URIs are set at the end). */
  published: Promise<Map<string, PublishedCollection>>;
  /** Called with the deployment as soon as the new contracts are mined (written to disk). */
  onDeployed: (deployment: Deployment) => Promise<void>;
}): Promise<DemoWorld> {
  const { chain, client, accounts } = opts;
  const owner = accounts[0]!;
  const rand = prng('aiamarket-demo-world');
  const contracts = { ...opts.deployment.contracts };
  const addr = (name: string): Address => {
    const entry = contracts[name];
    if (!entry) throw new Error(`${name} is missing from the deployment`);
    return entry.address as Address;
  };
  const wallNow = () => Math.floor(Date.now() / 1000);
  const start = chain.now;
  const market = addr('Marketplace');
  const stable = addr('StableCoin');

  // Round 0 (the owner): sales, contracts, royalties, coins and items.
  // The two demo sales run until a month from the real now (deployed a month in the past).
  const [, base721] = await client.readContract({
    address: addr('Launchpad721'),
    abi: launchpad721Abi,
    functionName: 'getConfig',
  });
  const endAt = BigInt(wallNow() + DEMO_LAUNCHPAD.durationSeconds);
  await chain.call(owner, {
    address: addr('Launchpad721'),
    abi: launchpad721Abi,
    functionName: 'setBaseConfig',
    args: [{ ...base721, endAt }],
    gas: 150_000n,
  });
  const [, base1155] = await client.readContract({
    address: addr('Launchpad1155'),
    abi: launchpad1155Abi,
    functionName: 'getConfig',
    args: [DEMO_LAUNCHPAD.tokenId1155],
  });
  await chain.call(owner, {
    address: addr('Launchpad1155'),
    abi: launchpad1155Abi,
    functionName: 'setBaseConfig',
    args: [DEMO_LAUNCHPAD.tokenId1155, { ...base1155, endAt }],
    gas: 150_000n,
  });
  // The ended sale ("First Light"): open for the first ten days of the month.
  const firstLightEnd = start + 10 * DAY;
  await chain.call(owner, {
    address: addr('Launchpad1155'),
    abi: launchpad1155Abi,
    functionName: 'configure',
    args: [
      DEMO_ENDED_RELIC_TOKEN_ID,
      { blindBoxType: 0, downFlag: false, swapFlag: false, bankAddress: owner.address },
      {
        collectionSize: 200,
        maxBatchSize: 10,
        maxUserSize: 20,
        totalSupply: 0,
        startAt: BigInt(start - 60),
        endAt: BigInt(firstLightEnd),
      },
      { fromNft: addr('GameItems1155'), fromAmount: 1, toAmount: 1 },
      [{ coinAddr: zeroAddress, coinAmount: parseEther('0.02'), coinMaxAmount: 200n }],
    ],
    gas: 400_000n,
  });

  const deploys: { name: string; sent: { receipt?: { blockNumber: number } } }[] = [];
  for (const c of DEMO_COLLECTIONS.filter((x) => !x.deployed)) {
    const args = [c.name, c.symbol, '', owner.address, owner.address, 500n] as const;
    const { address, sent } = await chain.deploy(owner, {
      ...gameItemsContract(c.type),
      args,
      gas: 4_000_000n,
      label: c.name,
    });
    contracts[c.deploymentName] = { address, blockNumber: 0 };
    deploys.push({ name: c.deploymentName, sent });
  }
  for (const c of DEMO_COLLECTIONS) {
    if (c.royaltyRate === null) continue;
    await chain.call(owner, {
      address: market,
      abi: marketplaceAbi,
      functionName: 'setRoyaltyRate',
      args: [addr(c.deploymentName), owner.address, BigInt(c.royaltyRate)],
      // The market copies the rate into each linked contract (Offers, Listings) in the call.
      gas: 300_000n,
    });
  }
  for (const a of accounts) {
    await chain.call(owner, {
      address: stable,
      abi: stableCoinAbi,
      functionName: 'mint',
      args: [a.address, DEMO_STABLE_COIN_BALANCE],
      gas: 100_000n,
    });
  }

  const marketCollections: MarketCollection[] = DEMO_COLLECTIONS.filter((c) => !c.launchpad).map(
    (spec) => ({ spec, address: addr(spec.deploymentName) }),
  );
  const sim = new DemoMarket(
    chain,
    accounts,
    market,
    stable,
    marketCollections,
    Number(DEMO_STABLE_COIN_BALANCE) / 10 ** STABLE_COIN_DECIMALS,
  );
  // Account 9 exchanges its last two heroes for a Genesis hero (they leave the market).
  const swapped = [71, 72];
  for (const mc of marketCollections) {
    const { erc721, erc1155 } = distribution(mc.spec, rand);
    let next = mc.spec.firstId;
    for (const [a, count] of erc721) {
      await chain.call(owner, {
        address: mc.address,
        abi: gameItems721Abi,
        functionName: 'mint',
        args: [accounts[a]!.address, BigInt(count)],
        gas: BigInt(80_000 + 60_000 * count),
      });
      for (let i = 0; i < count; i++, next++) {
        const swappedAway = mc.spec.deploymentName === 'GameItems721' && swapped.includes(next);
        if (!swappedAway) sim.recordMint(mc, a, next, 1);
      }
    }
    for (const [a, { ids, amounts }] of erc1155) {
      await chain.call(owner, {
        address: mc.address,
        abi: gameItems1155Abi,
        functionName: 'mintBatch',
        args: [accounts[a]!.address, ids, amounts],
        gas: BigInt(80_000 + 60_000 * ids.length),
      });
      ids.forEach((id, i) => sim.recordMint(mc, a, Number(id), Number(amounts[i])));
    }
  }
  await chain.mine(start + 60);
  for (const d of deploys) {
    contracts[d.name] = { ...contracts[d.name]!, blockNumber: d.sent.receipt!.blockNumber };
  }
  const deployment: Deployment = { ...opts.deployment, contracts };
  await opts.onDeployed(deployment);

  // Round 1 (the holders): approvals, the first launchpad mints and a swap.
  for (let a = 1; a < accounts.length; a++) {
    const account = accounts[a]!;
    for (const mc of marketCollections) {
      if (!mayTrade(a, mc.spec, null)) continue;
      await chain.call(account, {
        address: mc.address,
        abi: gameItems721Abi,
        functionName: 'setApprovalForAll',
        args: [market, true],
        gas: 80_000n,
      });
    }
    if (mayTrade(a, marketCollections[0]!.spec, stable)) {
      for (const spender of [market, addr('Launchpad721')]) {
        await chain.call(account, {
          address: stable,
          abi: stableCoinAbi,
          functionName: 'approve',
          args: [spender, maxUint256],
          gas: 80_000n,
        });
      }
    }
  }
  const mintGenesis = async (a: number, count: number, coin: Address) =>
    chain.call(accounts[a]!, {
      address: addr('Launchpad721'),
      abi: launchpad721Abi,
      functionName: 'mint',
      args: [coin, BigInt(count)],
      value: coin === zeroAddress ? DEMO_LAUNCHPAD.coins.native.price * BigInt(count) : 0n,
      gas: BigInt(150_000 + 40_000 * count),
    });
  const mintRelic = async (a: number, tokenId: bigint, count: number, price: bigint) =>
    chain.call(accounts[a]!, {
      address: addr('Launchpad1155'),
      abi: launchpad1155Abi,
      functionName: 'mint',
      args: [tokenId, zeroAddress, BigInt(count)],
      value: price * BigInt(count),
      gas: 250_000n,
    });
  await mintGenesis(1, 3, zeroAddress);
  await mintRelic(2, DEMO_LAUNCHPAD.tokenId1155, 2, DEMO_LAUNCHPAD.coins.native.price);
  await mintRelic(3, DEMO_ENDED_RELIC_TOKEN_ID, 10, parseEther('0.02'));
  await chain.call(accounts[9]!, {
    address: addr('GameItems721'),
    abi: gameItems721Abi,
    functionName: 'setApprovalForAll',
    args: [addr('Launchpad721'), true],
    gas: 80_000n,
  });
  await chain.call(accounts[9]!, {
    address: addr('Launchpad721'),
    abi: launchpad721Abi,
    functionName: 'swap',
    args: [0, addr('GameItems721'), swapped.map(BigInt), swapped.map(() => 1n)],
    gas: 400_000n,
  });
  await chain.mine(start + 120);

  // The month: steps spread evenly up to half an hour ago, more purchases towards the end.
  const from = start + 3_600;
  const to = wallNow() - 1_800;
  for (let i = 0; i < STEPS; i++) {
    const at = Math.floor(from + ((to - from) * (i + 0.2 + rand() * 0.6)) / STEPS);
    const progress = i / STEPS;
    const minter = 3 + (i % 7);
    if (i % 6 === 2) {
      await mintGenesis(minter, 1 + (i % 3), i % 12 === 2 ? zeroAddress : stable);
    }
    if (i % 10 === 5) {
      await mintRelic(minter, DEMO_LAUNCHPAD.tokenId1155, 1, DEMO_LAUNCHPAD.coins.native.price);
    }
    if (i % 4 === 1 && at < firstLightEnd) {
      await mintRelic(minter, DEMO_ENDED_RELIC_TOKEN_ID, 2, parseEther('0.02'));
    }
    await sim.step(at, progress, {
      listings: 4,
      purchases: 1 + Math.floor(progress * 3) + (rand() < 0.5 ? 1 : 0),
      extras: true,
      forceCancel: i === 20 || i === 45,
    });
  }
  // Token URIs (the metadata was published meanwhile), then fresh listings at the wall clock:
  // the marketplace opens full.
  const published = await opts.published;
  await setTokenUris(chain, owner, addr, published);
  await levelUp(chain, owner, addr, published);
  await sim.step(wallNow(), 1, { listings: FINAL_LISTINGS, purchases: 3, extras: false });
  return { deployment, market: sim.summary };
}
