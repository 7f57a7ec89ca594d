import type { Hash } from 'viem';

/**
 * The named steps of the chain actions, each shown with its own label while it runs (the
 * trade.tx.steps keys). Transactions: approvals, wrap, the market's writes, mint and swap, the
 * offers' accept and cancels, the
 * signed listings' sweep and cancels. Without a transaction: switching the wallet's chain, an off-chain
 * signature (sign) and the server call that follows it (submit).
 */
export type TxStep =
  | 'switchChain'
  | 'approval'
  | 'approvalLaunchpad'
  | 'allowance'
  | 'wrap'
  | 'unwrap'
  | 'sign'
  | 'submit'
  | 'list'
  | 'buy'
  | 'cancel'
  | 'changePrice'
  | 'transfer'
  | 'royalty'
  | 'mint'
  | 'swap'
  | 'acceptOffer'
  | 'cancelOffer'
  | 'cancelAllOffers'
  | 'sweep'
  | 'cancelListings'
  | 'cancelAllListings'
  | 'signListings'
  | 'submitListings'
  | 'withdrawOwed';

/** Hears every transaction's hash, named by its step, as soon as the wallet sent it. */
export type TxHashHandler = (step: TxStep, hash: Hash) => void;

/** `onHash` narrowed to one step: what sendContractCall and the approvals take. */
export const hashOf = (onHash: TxHashHandler | undefined, name: TxStep) =>
  onHash ? (hash: Hash) => onHash(name, hash) : undefined;
