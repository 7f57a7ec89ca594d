// Call shorthands of the tokens the tests move: the game collections' approvals and owners, the
// test coins' approvals and mints (the coins' and collections' ABIs share these functions).
import { gameItems721Abi, stableCoinAbi } from '@aiamarket/shared/abis';
import { maxUint256 } from 'viem';
import type { Address } from 'viem';
import type { Call } from './fixture.js';

export const tokenCall = {
  /** `operator` may move every token of the caller in `nft`. */
  approveAll: (nft: Address, operator: Address, approved = true): Call => ({
    address: nft,
    abi: gameItems721Abi,
    functionName: 'setApprovalForAll',
    args: [operator, approved],
  }),
  /** `spender` may pull `amount` (default: unlimited) of the caller's `coin`. */
  approve: (coin: Address, spender: Address, amount = maxUint256): Call => ({
    address: coin,
    abi: stableCoinAbi,
    functionName: 'approve',
    args: [spender, amount],
  }),
  /** Mints `amount` of a test coin to `to` (the stable coin: its owner only). */
  mint: (coin: Address, to: Address, amount: bigint): Call => ({
    address: coin,
    abi: stableCoinAbi,
    functionName: 'mint',
    args: [to, amount],
  }),
  ownerOf: (nft: Address, tokenId: bigint): Call => ({
    address: nft,
    abi: gameItems721Abi,
    functionName: 'ownerOf',
    args: [tokenId],
  }),
};
