// The payees that refuse a payment, for the pull-payment tests: contract wallets that refuse
// AIA or burn the gas stipend, and a coin whose blocklist makes its transfers to a holder revert.
import type { Address } from 'viem';
import {
  gasBurningWalletAbi,
  gasBurningWalletBytecode,
  oddErc20Abi,
  refusingWalletAbi,
  refusingWalletBytecode,
} from '../out/testing-abis.js';
import { owner } from './fixture.js';
import type { Actor, Call, Fixture } from './fixture.js';
import { through } from './helpers.js';

/** The ABIs a fixture decodes these payees' errors and events with. */
export const REFUSING_PAYEE_ABIS = [refusingWalletAbi, gasBurningWalletAbi, oddErc20Abi];

/**
 * A contract wallet signed for by `signer`: `refusing` (RefusingWallet: EIP-1271 signer, no
 * receive) or `burning` (GasBurningWallet: its receive burns all the gas it gets).
 */
export function contractWallet(
  f: Pick<Fixture, 'deploy'>,
  kind: 'refusing' | 'burning',
  signer: Actor,
): Promise<Address> {
  return kind === 'refusing'
    ? f.deploy(signer, refusingWalletAbi, refusingWalletBytecode, [signer.address])
    : f.deploy(signer, gasBurningWalletAbi, gasBurningWalletBytecode, [signer.address]);
}

/** The contract wallet makes `call` (it is msg.sender); its signer sends the transaction. */
export const viaWallet = (wallet: Address, call: Call): Call =>
  through(wallet, refusingWalletAbi, call);

/** A 6-decimal coin the market allows whose blocklist holds `blocked`. */
export async function blockingCoin(
  f: Pick<Fixture, 'deploy' | 'write' | 'mk' | 'oddErc20'>,
  blocked: Address,
): Promise<Address> {
  const coin = await f.deploy(owner, oddErc20Abi, f.oddErc20.bytecode, ['BLK', 6, 0, 0n]);
  await f.write(owner, f.mk.call('setCoinAllowed', [coin, true]));
  await f.write(owner, {
    address: coin,
    abi: oddErc20Abi,
    functionName: 'setBlocked',
    args: [blocked, true],
  });
  return coin;
}
