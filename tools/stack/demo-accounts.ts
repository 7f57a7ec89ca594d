import { toHex, type Hex } from 'viem';
import { mnemonicToAccount, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { ANVIL_ACCOUNTS, ANVIL_MNEMONIC } from '@aiamarket/contracts';

/**
 * The ten accounts a fresh anvil funds: 0 deploys and owns the contracts, 1-4 are the demo
 * accounts printed by `npm start`, 5-9 are extra traders that make the market look lived in.
 */
export const DEMO_ACCOUNT_COUNT = 10;

/** The private key of demo account `i` (anvil's known keys, else derived from its mnemonic). */
export function demoAccountKey(i: number): Hex {
  const known = ANVIL_ACCOUNTS[i];
  if (known) return known.privateKey;
  const key = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: i }).getHdKey().privateKey;
  if (!key) throw new Error(`cannot derive anvil account ${i}`);
  return toHex(key);
}

export function demoAccounts(): PrivateKeyAccount[] {
  return Array.from({ length: DEMO_ACCOUNT_COUNT }, (_, i) =>
    privateKeyToAccount(demoAccountKey(i)),
  );
}
