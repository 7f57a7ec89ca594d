import { createWalletClient, http, parseUnits, publicActions } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_ACCOUNTS } from '@aiamarket/contracts';
import { chainFor, STABLE_COIN_DECIMALS, type Deployment } from '@aiamarket/shared';
import { stableCoinAbi } from '@aiamarket/shared/abis';

/** Demo balances so that every demo account can pay in the stable coin right away. */
export const DEMO_STABLE_COIN_BALANCE = parseUnits('10000', STABLE_COIN_DECIMALS);

/** Demo data on a freshly deployed local chain. Later features add their own seeds here. */
export async function seedDemoData(opts: {
  rpcUrl: string;
  chainId: number;
  deployment: Deployment;
}) {
  const owner = privateKeyToAccount(ANVIL_ACCOUNTS[0]!.privateKey);
  const client = createWalletClient({
    account: owner,
    chain: chainFor(opts.chainId, opts.rpcUrl),
    transport: http(opts.rpcUrl),
  }).extend(publicActions);
  const coin = opts.deployment.contracts.StableCoin;
  if (!coin) throw new Error('StableCoin is missing from the deployment');
  for (const account of ANVIL_ACCOUNTS) {
    const hash = await client.writeContract({
      address: coin.address as `0x${string}`,
      abi: stableCoinAbi,
      functionName: 'mint',
      args: [account.address as `0x${string}`, DEMO_STABLE_COIN_BALANCE],
    });
    await client.waitForTransactionReceipt({ hash });
  }
}
