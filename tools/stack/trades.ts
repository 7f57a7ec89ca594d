// Market transactions of real wallets on anvil, for the scale-out test and the live bench:
// the owner mints heroes to a seller, who lists them; another wallet buys.
import {
  createPublicClient,
  createWalletClient,
  http,
  parseEventLogs,
  parseEther,
  zeroAddress,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_ACCOUNTS, priceHash } from '@aiamarket/contracts';
import { chainFor, type Deployment } from '@aiamarket/shared';
import { gameItems721Abi, marketplaceAbi } from '@aiamarket/shared/abis';

export const PRICE = parseEther('1');

export function marketTrades(rpcUrl: string, chainId: number, deployment: Deployment) {
  const chain = chainFor(chainId, rpcUrl);
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const wallet = (i: number) =>
    createWalletClient({
      account: privateKeyToAccount(ANVIL_ACCOUNTS[i]!.privateKey as Hex),
      chain,
      transport,
      pollingInterval: 50,
    });
  const owner = wallet(0);
  const seller = wallet(1);
  const buyer = wallet(2);
  const market = deployment.contracts.Marketplace!.address as Address;
  const heroes = deployment.contracts.GameItems721!.address as Address;

  /** Sends and waits for the receipt; returns its block and when the hash came back (automine: included). */
  const send = async (
    w: ReturnType<typeof wallet>,
    call: {
      address: Address;
      abi: Abi;
      functionName: string;
      args: readonly unknown[];
      value?: bigint;
    },
  ) => {
    const hash = await w.writeContract(call as Parameters<typeof w.writeContract>[0]);
    const includedAt = performance.now();
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`${call.functionName} reverted`);
    return { block: Number(receipt.blockNumber), includedAt, logs: receipt.logs };
  };

  return {
    /** The chain's head block. */
    head: async () => Number(await publicClient.getBlockNumber()),
    heroes,
    seller: seller.account.address,
    buyer: buyer.account.address,
    /** Mints `count` heroes to the seller and lets the market move them. */
    async prepare(count: number) {
      await send(owner, {
        address: heroes,
        abi: gameItems721Abi as Abi,
        functionName: 'mint',
        args: [seller.account.address, BigInt(count)],
      });
      await send(seller, {
        address: heroes,
        abi: gameItems721Abi as Abi,
        functionName: 'setApprovalForAll',
        args: [market, true],
      });
    },
    /** The seller lists a hero for 1 AIA; returns the market item id and the block. */
    async list(tokenId: bigint) {
      const sent = await send(seller, {
        address: market,
        abi: marketplaceAbi as Abi,
        functionName: 'createMarketItem',
        args: [heroes, tokenId, 1n, PRICE, zeroAddress],
      });
      const [created] = parseEventLogs({
        abi: marketplaceAbi,
        eventName: 'MarketItemCreated',
        logs: sent.logs,
      });
      if (!created) throw new Error('no MarketItemCreated log');
      return { ...sent, itemId: created.args.itemId };
    },
    /** The buyer buys market item `itemId` (one hero at 1 AIA). */
    async buy(itemId: bigint, tokenId: bigint) {
      return send(buyer, {
        address: market,
        abi: marketplaceAbi as Abi,
        functionName: 'createMarketSale',
        args: [itemId, 1n, priceHash(heroes, tokenId, PRICE)],
        value: PRICE,
      });
    },
  };
}
