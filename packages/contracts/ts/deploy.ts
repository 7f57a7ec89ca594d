import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { chainFor, parseDeployment } from '@aiamarket/shared';
import type { Deployment } from '@aiamarket/shared';
import {
  gameItems1155Abi,
  gameItems1155Bytecode,
  gameItems721Abi,
  gameItems721Bytecode,
  launchpad1155Abi,
  launchpad1155Bytecode,
  launchpad721Abi,
  launchpad721Bytecode,
  listingsAbi,
  listingsBytecode,
  marketplaceAbi,
  marketplaceBytecode,
  marketplaceProxyAbi,
  marketplaceProxyBytecode,
  offersAbi,
  offersBytecode,
  stableCoinAbi,
  stableCoinBytecode,
  wrappedAiaAbi,
  wrappedAiaBytecode,
} from '@aiamarket/shared/abis';
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  http,
  keccak256,
  parseEther,
  parseUnits,
  zeroAddress,
} from 'viem';
import type {
  Abi,
  Account,
  Address,
  Chain,
  ContractConstructorArgs,
  Hex,
  PublicClient,
  Transport,
  WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

export interface DeployOptions {
  rpcUrl: string;
  /** 0x-prefixed 32-byte key of the deployer (it becomes the owner of owned contracts). */
  privateKey: Hex;
  /** Expected chain id; deploying stops when the RPC reports another one. */
  chainId: number;
  /** When given, the deployment is written there as pretty JSON (folders are created). */
  outFile?: string;
  /** Progress lines (e.g. console.log). Silent by default. */
  log?: (line: string) => void;
  /**
   * The wrapped AIA already live on the chain (offers in AIA pay with it). Required on the
   * product chain (1319); elsewhere a WrappedAIA is deployed when it is not given.
   */
  wrappedAia?: Address;
}

/** Chain where the wrapped AIA is configured (deployOptions.wrappedAia), never deployed. */
export const WRAPPED_AIA_CONFIGURED_CHAIN_ID = 1319;

export type DeployedContract = Deployment['contracts'][string];

/** What a deploy step sees: the clients, the deployer and what earlier steps deployed. */
export interface DeployContext {
  publicClient: PublicClient<Transport, Chain>;
  walletClient: WalletClient<Transport, Chain, Account>;
  deployer: Address;
  chainId: number;
  contracts: Record<string, DeployedContract>;
  /** DeployOptions.wrappedAia. */
  wrappedAia?: Address;
}

/** One contract to deploy, in order; its name is the key in `Deployment.contracts`. */
export interface DeployStep {
  name: string;
  /** keccak256 of the creation code this build deploys (absent: deployed by other means). */
  codeHash?: Hex;
  run(ctx: DeployContext): Promise<DeployedContract>;
}

/**
 * A step that deploys generated `abi` + `bytecode` with constructor `args` (computed from the
 * context, so a later contract can take an earlier one's address), then runs `configure`
 * (for example owner-only setup transactions) once the contract is mined.
 */
export function contractStep<const abi extends Abi>(step: {
  name: string;
  abi: abi;
  bytecode: Hex;
  args: (ctx: DeployContext) => ContractConstructorArgs<abi>;
  configure?: (ctx: DeployContext, address: Address) => Promise<void>;
}): DeployStep {
  const codeHash = keccak256(step.bytecode);
  return {
    name: step.name,
    codeHash,
    async run(ctx) {
      const hash = await ctx.walletClient.deployContract({
        abi: step.abi as Abi,
        bytecode: step.bytecode,
        args: step.args(ctx) as readonly unknown[],
      });
      const receipt = await ctx.publicClient.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success' || !receipt.contractAddress) {
        throw new Error(`deploying ${step.name} failed (transaction ${hash} ${receipt.status})`);
      }
      const address = getAddress(receipt.contractAddress);
      await step.configure?.(ctx, address);
      return { address, blockNumber: Number(receipt.blockNumber), codeHash };
    },
  };
}

/** Sends a transaction from the deployer and waits for it to succeed (for `configure`). */
export async function sendAndWait(ctx: DeployContext, send: () => Promise<Hex>): Promise<void> {
  const hash = await send();
  const receipt = await ctx.publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
}

/** The marketplace's settings in a fresh deployment: fee 2.5 % (25 / 1000) to the deployer. */
export const DEMO_MARKET = { feeNumerator: 25, feeDenominator: 1_000 } as const;

/**
 * The demo launchpad sales a fresh deployment opens (starting at deployment, for 30 days).
 * The 721 sale swaps 2 GameItems721 for 1 new token; the 1155 sale (token id 0, the spec's
 * default) swaps GameItems1155 token ids 1:1.
 */
export const DEMO_LAUNCHPAD = {
  durationSeconds: 30 * 24 * 60 * 60,
  collectionSize: 1_000,
  maxBatchSize: 10,
  maxUserSize: 20,
  tokenId1155: 0n,
  coins: {
    native: { price: parseEther('0.01'), max: 800 },
    stable: { price: parseUnits('5', 6), max: 500 },
  },
  swap721: { fromAmount: 2, toAmount: 1 },
  swap1155: { fromAmount: 1, toAmount: 1 },
} as const;

const address = (ctx: DeployContext, name: string): Address => {
  const entry = ctx.contracts[name];
  if (!entry) throw new Error(`${name} must be deployed first`);
  return entry.address as Address;
};

/** Common, base, swap and coin configuration of a demo sale (see DEMO_LAUNCHPAD). */
async function demoSale(
  ctx: DeployContext,
  source: Address,
  ratio: { fromAmount: number; toAmount: number },
) {
  const { timestamp } = await ctx.publicClient.getBlock();
  const startAt = timestamp - 60n;
  const d = DEMO_LAUNCHPAD;
  return [
    { blindBoxType: 0, downFlag: false, swapFlag: true, bankAddress: ctx.deployer },
    {
      collectionSize: d.collectionSize,
      maxBatchSize: d.maxBatchSize,
      maxUserSize: d.maxUserSize,
      totalSupply: 0,
      startAt,
      endAt: startAt + BigInt(d.durationSeconds),
    },
    { fromNft: source, ...ratio },
    [
      {
        coinAddr: zeroAddress,
        coinAmount: d.coins.native.price,
        coinMaxAmount: BigInt(d.coins.native.max),
      },
      {
        coinAddr: address(ctx, 'StableCoin'),
        coinAmount: d.coins.stable.price,
        coinMaxAmount: BigInt(d.coins.stable.max),
      },
    ],
  ] as const;
}

/** Everything `deployContracts` deploys, in order. Adding a contract is adding an entry. */
export const DEPLOY_STEPS: readonly DeployStep[] = [
  contractStep({
    name: 'StableCoin',
    abi: stableCoinAbi,
    bytecode: stableCoinBytecode,
    args: (ctx) => [ctx.deployer] as const,
  }),
  contractStep({
    name: 'MarketplaceImplementation',
    abi: marketplaceAbi,
    bytecode: marketplaceBytecode,
    args: () => [] as const,
  }),
  // The market's address: an ERC1967 proxy initialised in its constructor (owner and fee
  // address = deployer, fee 2.5 %, coins AIA and the stable coin).
  contractStep({
    name: 'Marketplace',
    abi: marketplaceProxyAbi,
    bytecode: marketplaceProxyBytecode,
    args: (ctx) =>
      [
        address(ctx, 'MarketplaceImplementation'),
        encodeFunctionData({
          abi: marketplaceAbi,
          functionName: 'initialize',
          args: [
            ctx.deployer,
            ctx.deployer,
            DEMO_MARKET.feeNumerator,
            DEMO_MARKET.feeDenominator,
            [zeroAddress, address(ctx, 'StableCoin')],
          ],
        }),
      ] as const,
  }),
  contractStep({
    name: 'GameItems721',
    abi: gameItems721Abi,
    bytecode: gameItems721Bytecode,
    args: (ctx) =>
      [
        'AIA Heroes',
        'HERO',
        'ipfs://aiamarket-demo/heroes/',
        ctx.deployer,
        ctx.deployer,
        500n,
      ] as const,
  }),
  contractStep({
    name: 'GameItems1155',
    abi: gameItems1155Abi,
    bytecode: gameItems1155Bytecode,
    args: (ctx) =>
      [
        'AIA Game Items',
        'ITEM',
        'ipfs://aiamarket-demo/items/{id}.json',
        ctx.deployer,
        ctx.deployer,
        500n,
      ] as const,
  }),
  contractStep({
    name: 'Launchpad721',
    abi: launchpad721Abi,
    bytecode: launchpad721Bytecode,
    args: (ctx) => ['AIA Genesis', 'GEN', 'ipfs://aiamarket-demo/genesis/', ctx.deployer] as const,
    async configure(ctx, launchpad) {
      const [common, base, swap, coins] = await demoSale(
        ctx,
        address(ctx, 'GameItems721'),
        DEMO_LAUNCHPAD.swap721,
      );
      await sendAndWait(ctx, () =>
        ctx.walletClient.writeContract({
          address: launchpad,
          abi: launchpad721Abi,
          functionName: 'configure',
          args: [common, base, swap, coins],
        }),
      );
    },
  }),
  contractStep({
    name: 'Launchpad1155',
    abi: launchpad1155Abi,
    bytecode: launchpad1155Bytecode,
    args: (ctx) =>
      ['AIA Relics', 'RELIC', 'ipfs://aiamarket-demo/relics/{id}.json', ctx.deployer] as const,
    async configure(ctx, launchpad) {
      const [common, base, swap, coins] = await demoSale(
        ctx,
        address(ctx, 'GameItems1155'),
        DEMO_LAUNCHPAD.swap1155,
      );
      await sendAndWait(ctx, () =>
        ctx.walletClient.writeContract({
          address: launchpad,
          abi: launchpad1155Abi,
          functionName: 'configure',
          args: [DEMO_LAUNCHPAD.tokenId1155, common, base, swap, coins],
        }),
      );
    },
  }),
  // Offers in AIA pay in the wrapped AIA: deployed here (configured on chain 1319) and
  // allowed on the market, whose fee, royalty and coins the offers contract reads.
  {
    name: 'WrappedAIA',
    async run(ctx) {
      let entry: DeployedContract;
      if (ctx.wrappedAia) {
        const code = await ctx.publicClient.getCode({ address: ctx.wrappedAia });
        if (!code || code === '0x') throw new Error(`wrapped AIA ${ctx.wrappedAia} has no code`);
        const blockNumber = await ctx.publicClient.getBlockNumber();
        entry = { address: getAddress(ctx.wrappedAia), blockNumber: Number(blockNumber) };
      } else if (ctx.chainId === WRAPPED_AIA_CONFIGURED_CHAIN_ID) {
        throw new Error(`chain ${ctx.chainId} needs the wrapped AIA address (wrappedAia option)`);
      } else {
        entry = await contractStep({
          name: 'WrappedAIA',
          abi: wrappedAiaAbi,
          bytecode: wrappedAiaBytecode,
          args: () => [] as const,
        }).run(ctx);
      }
      await sendAndWait(ctx, () =>
        ctx.walletClient.writeContract({
          address: address(ctx, 'Marketplace'),
          abi: marketplaceAbi,
          functionName: 'setCoinAllowed',
          args: [entry.address as Address, true],
        }),
      );
      return entry;
    },
  },
  // The offers contract keeps a copy of the market's settings (one storage read per coin and
  // per collection instead of calls through the market's proxy): linked here so the market
  // tells it of every change, and the two ERC-20 coins copied now so no acceptance pays for
  // the first copy.
  contractStep({
    name: 'Offers',
    abi: offersAbi,
    bytecode: offersBytecode,
    args: (ctx) => [address(ctx, 'Marketplace')] as const,
    async configure(ctx, offers) {
      await sendAndWait(ctx, () =>
        ctx.walletClient.writeContract({
          address: address(ctx, 'Marketplace'),
          abi: marketplaceAbi,
          functionName: 'setOffers',
          args: [offers],
        }),
      );
      for (const coin of [address(ctx, 'StableCoin'), address(ctx, 'WrappedAIA')]) {
        await sendAndWait(ctx, () =>
          ctx.walletClient.writeContract({
            address: offers,
            abi: offersAbi,
            functionName: 'syncCoin',
            args: [coin],
          }),
        );
      }
    },
  }),
  // Signed listings, bulk listings and sweeps: the same copy of the market's
  // settings as Offers, linked the same way; AIA is a listing coin too.
  contractStep({
    name: 'Listings',
    abi: listingsAbi,
    bytecode: listingsBytecode,
    args: (ctx) => [address(ctx, 'Marketplace')] as const,
    async configure(ctx, listings) {
      await sendAndWait(ctx, () =>
        ctx.walletClient.writeContract({
          address: address(ctx, 'Marketplace'),
          abi: marketplaceAbi,
          functionName: 'setListings',
          args: [listings],
        }),
      );
      for (const coin of [zeroAddress, address(ctx, 'StableCoin'), address(ctx, 'WrappedAIA')]) {
        await sendAndWait(ctx, () =>
          ctx.walletClient.writeContract({
            address: listings,
            abi: listingsAbi,
            functionName: 'syncCoin',
            args: [coin],
          }),
        );
      }
    },
  }),
];

/** Names of the contracts a complete deployment holds. */
export const DEPLOYED_CONTRACT_NAMES: readonly string[] = DEPLOY_STEPS.map((s) => s.name);

/** The clients of `opts`, checked against its chain id. */
async function contextFor(opts: DeployOptions): Promise<DeployContext> {
  const { rpcUrl, privateKey, chainId, wrappedAia } = opts;
  const chain = chainFor(chainId, rpcUrl);
  const account = privateKeyToAccount(privateKey);
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 250 });
  const walletClient = createWalletClient({ account, chain, transport, pollingInterval: 250 });

  const actualChainId = await publicClient.getChainId();
  if (actualChainId !== chainId) {
    throw new Error(`RPC ${rpcUrl} is on chain ${actualChainId}, expected ${chainId}`);
  }
  return {
    publicClient,
    walletClient,
    deployer: account.address,
    chainId,
    contracts: {},
    wrappedAia,
  };
}

/** Deploys every contract of `DEPLOY_STEPS`, waiting for each receipt. */
export async function deployContracts(opts: DeployOptions): Promise<Deployment> {
  const { chainId, outFile, log = () => {} } = opts;
  const ctx = await contextFor(opts);
  for (const step of DEPLOY_STEPS) {
    const deployed = await step.run(ctx);
    ctx.contracts[step.name] = deployed;
    log(`deployed ${step.name} at ${deployed.address} (block ${deployed.blockNumber})`);
  }

  const deployment = parseDeployment({
    chainId,
    deployedAt: new Date().toISOString(),
    contracts: ctx.contracts,
  });
  if (outFile) await writeDeployment(outFile, deployment);
  return deployment;
}

/** Writes a deployment as pretty JSON, creating folders; atomic (temporary file + rename). */
export async function writeDeployment(file: string, deployment: Deployment): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(deployment, null, 2)}\n`);
  await rename(tmp, file);
}

/** Reads and validates a deployment JSON file (throws with the file name when invalid). */
export async function readDeployment(file: string): Promise<Deployment> {
  const text = await readFile(file, 'utf8');
  try {
    return parseDeployment(JSON.parse(text));
  } catch (err) {
    throw new Error(`invalid deployment file ${file}: ${(err as Error).message}`, { cause: err });
  }
}

/** Like readDeployment, but undefined when the file does not exist. */
export async function readDeploymentIfExists(file: string): Promise<Deployment | undefined> {
  try {
    return await readDeployment(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * Contracts a newer build replaces in a running deployment. The market keeps its address and its
 * state: its implementation is upgraded behind the proxy. The signed order books (Offers,
 * Listings) keep no order in storage, only fills, cancels and counters of signatures made for
 * their own address: a new one is deployed and linked by the market (which then copies its
 * settings to it and no longer to the old one), and the orders signed for the old one end (the
 * server shows them so, with a one-signature "list again"). Balances the old one holds (fees,
 * royalties, credited payments) stay withdrawable there. Collections, coins and launchpads hold
 * players' tokens and are never replaced.
 */
const REPLACED_ON_CHANGE = ['MarketplaceImplementation', 'Offers', 'Listings'] as const;

export interface UpgradeResult {
  deployment: Deployment;
  /** Names of the contracts replaced, in order. */
  replaced: string[];
  /** Contracts whose code changed but which hold state that cannot move (kept as they are). */
  kept: string[];
}

/**
 * Brings a live `deployment` up to this build: every contract of REPLACED_ON_CHANGE whose code
 * hash differs from this build's (or is unknown) is replaced as that list says; the others
 * are reported in `kept`. Writes `outFile` when anything changed.
 */
export async function upgradeDeployment(
  opts: DeployOptions & { deployment: Deployment },
): Promise<UpgradeResult> {
  const { outFile, log = () => {} } = opts;
  const ctx = await contextFor(opts);
  const contracts = { ...opts.deployment.contracts };
  ctx.contracts = contracts;
  const retired = [...(opts.deployment.retired ?? [])];
  const replaced: string[] = [];
  const kept: string[] = [];
  for (const step of DEPLOY_STEPS) {
    const current = contracts[step.name];
    if (!step.codeHash || !current || current.codeHash === step.codeHash) continue;
    if (!(REPLACED_ON_CHANGE as readonly string[]).includes(step.name)) {
      // Entries written before code hashes were recorded are not known to differ.
      if (current.codeHash) kept.push(step.name);
      continue;
    }
    const next = await step.run(ctx);
    if (step.name === 'MarketplaceImplementation') {
      await sendAndWait(ctx, () =>
        ctx.walletClient.writeContract({
          address: address(ctx, 'Marketplace'),
          abi: marketplaceAbi,
          functionName: 'upgradeToAndCall',
          args: [next.address as Address, '0x'],
        }),
      );
    } else {
      retired.push({
        name: step.name,
        address: current.address,
        blockNumber: current.blockNumber,
        retiredAt: new Date().toISOString(),
      });
    }
    contracts[step.name] = next;
    replaced.push(step.name);
    log(`replaced ${step.name}: ${current.address} -> ${next.address} (block ${next.blockNumber})`);
  }
  const deployment = parseDeployment({
    ...opts.deployment,
    contracts,
    ...(retired.length ? { retired } : {}),
  });
  if (outFile && replaced.length) await writeDeployment(outFile, deployment);
  return { deployment, replaced, kept };
}

/**
 * True when `deployment` is live on the client's chain: same chain id, every contract that
 * `deployContracts` deploys is listed, and every listed address holds code. False after anvil
 * was restarted without its state, or when a newer version added a contract.
 */
export async function isDeployed(
  deployment: Deployment,
  publicClient: Pick<PublicClient, 'getChainId' | 'getCode'>,
): Promise<boolean> {
  if ((await publicClient.getChainId()) !== deployment.chainId) return false;
  const entries = Object.values(deployment.contracts);
  if (entries.length === 0) return false;
  if (!DEPLOYED_CONTRACT_NAMES.every((name) => name in deployment.contracts)) return false;
  const codes = await Promise.all(
    entries.map(({ address }) => publicClient.getCode({ address: address as Address })),
  );
  return codes.every((code) => code !== undefined && code !== '0x');
}
