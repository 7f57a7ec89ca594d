// Chain helpers shared by the features that write to the chain (trading, launchpad, collection
// edit): the read client, the signed-in wallet, writes with receipt waiting, approvals, errors.
export { publicClient, contractAddress } from './client';
export {
  connectedWallet,
  walletOnProductChain,
  WrongChainError,
  type ConnectedWallet,
} from './wallet';
export {
  sendContractCall,
  TransactionRevertedError,
  type ContractCall,
  type TxResult,
} from './send';
export { waitForIndexer, INDEXER_WAIT } from './indexed';
export { isApprovedForAll, ensureApprovalForAll, allowanceOf, ensureAllowance } from './approvals';
export {
  chainErrorMessage,
  isUserRejection,
  WALLET_REJECTED_KEY,
  type ChainErrorText,
} from './errors';
export { explorerTxUrl } from './explorer';
export { hashOf, type TxStep, type TxHashHandler } from './steps';
export {
  listItem,
  buyItem,
  cancelListing,
  modifyPrice,
  transferItem,
  setRoyaltyRate,
  priceHashOf,
  readRoyaltyRate,
  readRoyaltyPercent,
  marketAddress,
  isNativeCoin,
  type ListingInput,
  type BuyInput,
  type TransferInput,
} from './market';
