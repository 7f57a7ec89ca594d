import { toHex } from 'viem';
import { mnemonicToAccount, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { ANVIL_ACCOUNTS, ANVIL_MNEMONIC } from '@aiamarket/contracts';

/**
 * The ten accounts a fresh anvil funds: 0 deploys and owns the contracts, 1-4 are the demo
 * accounts printed by `npm start`, 5-9 are extra traders that make the market look lived in.
 */
export const DEMO_ACCOUNT_COUNT = 10;

export function demoAccounts(): PrivateKeyAccount[] {
  return Array.from({ length: DEMO_ACCOUNT_COUNT }, (_, i) => {
    const known = ANVIL_ACCOUNTS[i];
    if (known) return privateKeyToAccount(known.privateKey);
    const key = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: i }).getHdKey().privateKey;
    if (!key) throw new Error(`cannot derive anvil account ${i}`);
    return privateKeyToAccount(toHex(key));
  });
}
