/**
 * What the web app shows for each custom error the marketplace and launchpad contracts (and the
 * token standards they call) can revert with. Document 2 section 5 gives the launchpad's
 * contract-side messages; `key` is the i18n key (the spec's own key where it names one), and
 * `params` maps an i18n placeholder to the index of the error argument that fills it
 * (e.g. CoinLimitExceeded(remaining) -> {{num}}). An unknown error shows CONTRACT_ERROR_FALLBACK.
 */
export interface ContractErrorInfo {
  /** English message (the spec's wording where it gives one). */
  message: string;
  /** i18n key. */
  key: string;
  /** i18n placeholder -> index of the error argument that fills it. */
  params?: Readonly<Record<string, number>>;
}

/**
 * Messages that more than one error shows (the same words for the same situation, whichever
 * contract reverts).
 */
const TRANSACTION_FAILED = {
  message: 'Transaction failed',
  key: 'launchpad.transactionErr',
} as const;
const SELECT_NFT = { message: 'Please select NFT', key: 'launchpad.selectTip' } as const;
const SALE_CLOSED = { message: 'The sale is not open', key: 'launchpad.closed' } as const;
const BALANCE_LOW = {
  message: 'The balance is insufficient',
  key: 'launchpad.balanceTip',
} as const;
const NFT_AMOUNT = { message: 'NFT amount', key: 'market.errors.nftAmount' } as const;
const MORE_THAN_AVAILABLE = {
  message: 'Greater than available',
  key: 'market.errors.greaterThanAvailable',
} as const;
const NOT_HELD = {
  message: 'Insufficient NFT assets',
  key: 'market.errors.deficitAssets',
} as const;
const LISTING_NOT_VALID = {
  message: 'The seller no longer holds this item',
  key: 'market.errors.listingNotValid',
} as const;
const MARKET_PAUSED = {
  message: 'The marketplace is paused, please try again later',
  key: 'market.errors.paused',
} as const;
const OFFER_CANCELLED = {
  message: 'The offer was cancelled',
  key: 'offer.errors.cancelled',
} as const;
const NOT_IN_OFFER = {
  message: 'This item is not part of the offer',
  key: 'offer.errors.notInOffer',
} as const;

/** 'Transaction failed' (launchpad.transactionErr): any error without a more specific message. */
export const CONTRACT_ERROR_FALLBACK: ContractErrorInfo = TRANSACTION_FAILED;

export const LAUNCHPAD_CONTRACT_ERRORS = {
  SoldOut: {
    message: 'The current asset count has reached the ceiling',
    key: 'launchpad.mintLackTip',
  },
  InsufficientSupply: {
    message: 'Not enough swappable or mintable NFTs remaining ({{num}} left)',
    key: 'launchpad.exceedMintTip',
    params: { num: 0 },
  },
  WalletLimitExceeded: {
    message: 'Wallet mint limit reached (you can mint {{num}} more)',
    key: 'launchpad.exchangeLimtTip',
    params: { num: 0 },
  },
  CoinLimitExceeded: {
    message: 'Coin mint limit exceeded (can mint {{num}})',
    key: 'launchpad.coinMintTip',
    params: { num: 0 },
  },
  TransactionLimitExceeded: {
    message: 'A single transaction exceeds the maximum ({{num}})',
    key: 'launchpad.maxMintTip',
    params: { num: 0 },
  },
  SwapLimitExceeded: {
    message: 'Swap exceeds the maximum ({{num}})',
    key: 'launchpad.maxExchangeTip',
    params: { num: 0 },
  },
  SwapRatioMismatch: {
    message: 'The selected count does not meet the swap ratio',
    key: 'launchpad.exceedTip',
  },
  NothingSelected: SELECT_NFT,
  InvalidSourceAmount: SELECT_NFT,
  InsufficientBalance: BALANCE_LOW,
  ZeroQuantity: { message: 'Please enter the amount', key: 'marketplace.details.enterAmounts' },
  IncorrectPayment: TRANSACTION_FAILED,
  CoinNotAccepted: {
    message: 'This coin is not accepted for this mint',
    key: 'launchpad.coinNotAccepted',
  },
  SaleNotStarted: { message: 'The sale has not started yet', key: 'launchpad.notStarted' },
  SaleEnded: { message: 'The sale has ended', key: 'launchpad.ended' },
  SaleDown: SALE_CLOSED,
  SaleNotConfigured: SALE_CLOSED,
  SwapDisabled: { message: 'Exchange is not open for this sale', key: 'launchpad.swapClosed' },
  WrongSwapSource: {
    message: 'These NFTs cannot be exchanged here',
    key: 'launchpad.swapWrongSource',
  },
  LengthMismatch: TRANSACTION_FAILED,
} as const satisfies Record<string, ContractErrorInfo>;

export const MARKET_CONTRACT_ERRORS = {
  InvalidPrice: { message: 'Numbers greater than 0', key: 'market.errors.priceAboveZero' },
  InvalidAmount: NFT_AMOUNT,
  AmountTooLarge: MORE_THAN_AVAILABLE,
  ExceedsLeftAmount: NFT_AMOUNT,
  InsufficientHolding: MORE_THAN_AVAILABLE,
  NotTokenOwner: NOT_HELD,
  MarketNotApproved: {
    message: 'Please approve the marketplace first',
    key: 'market.errors.notApproved',
  },
  CoinNotAllowed: {
    message: 'This coin is not accepted on the marketplace',
    key: 'market.errors.coinNotAllowed',
  },
  UnsupportedContract: {
    message: 'Only ERC721 and ERC1155 items can be listed',
    key: 'market.errors.unsupportedContract',
  },
  NotListed: { message: 'This item is no longer for sale', key: 'market.errors.notListed' },
  PriceChanged: {
    message: 'The price has changed, please check it and try again',
    key: 'market.errors.priceChanged',
  },
  BuyerIsSeller: {
    message: 'You cannot buy your own item',
    key: 'market.errors.buyerIsSeller',
  },
  ListingNotValid: LISTING_NOT_VALID,
  ListingStillValid: {
    message: 'Only the seller can cancel this listing',
    key: 'market.errors.listingStillValid',
  },
  NotSeller: {
    message: 'Only the seller can change this listing',
    key: 'market.errors.notSeller',
  },
  RoyaltyTooHigh: { message: 'The maximum royalty is 10%', key: 'market.errors.maxRoyalty' },
  NotCollectionOwner: {
    message: 'Only the collection owner can set its royalty',
    key: 'market.errors.notCollectionOwner',
  },
  ZeroAddress: { message: 'Wrong wallet address format', key: 'market.errors.addressFormat' },
  NativeTransferFailed: TRANSACTION_FAILED,
  EnforcedPause: MARKET_PAUSED,
} as const satisfies Record<string, ContractErrorInfo>;

/**
 * The offers contract and the wrapped AIA it is paid in: what a holder accepting an
 * offer can meet (the offer ended, was cancelled or is no longer funded).
 */
export const OFFERS_CONTRACT_ERRORS = {
  MarketPaused: MARKET_PAUSED,
  InvalidUnits: {
    message: 'This quantity cannot be sold into the offer',
    key: 'offer.errors.units',
  },
  ExceedsRemaining: {
    message: 'The offer has only {{num}} left',
    key: 'offer.errors.exceedsRemaining',
    params: { num: 0 },
  },
  OfferNotStarted: { message: 'The offer has not started yet', key: 'offer.errors.notStarted' },
  OfferExpired: { message: 'The offer has expired', key: 'offer.errors.expired' },
  OfferCancelledError: OFFER_CANCELLED,
  CounterBumped: OFFER_CANCELLED,
  TokenNotInOffer: NOT_IN_OFFER,
  TokenNotInTraitSet: NOT_IN_OFFER,
  SellerIsOfferer: { message: 'You cannot accept your own offer', key: 'offer.errors.ownOffer' },
  InvalidSignature: {
    message: 'The offer signature is not valid',
    key: 'offer.errors.signature',
  },
  InsufficientAllowance: {
    message: 'The offer is no longer funded',
    key: 'offer.errors.unfunded',
  },
  UnwrapFailed: {
    message: "This offer's coin cannot be paid out as AIA",
    key: 'offer.errors.unwrapFailed',
  },
  // withdrawOwed of the market, Offers and Listings (payouts credited to a payee that refused them).
  NothingOwed: { message: 'There is nothing to withdraw', key: 'offer.errors.nothingOwed' },
  OwedTransferFailed: {
    message: 'That address refused the payment, please choose another one',
    key: 'offer.errors.owedRefused',
  },
  OwedFunds: {
    message: 'These funds are owed to sellers and royalty receivers',
    key: 'offer.errors.owedFunds',
  },
} as const satisfies Record<string, ContractErrorInfo>;

/** Errors of the token standards and libraries the contracts call. */
export const TOKEN_CONTRACT_ERRORS = {
  ERC20InsufficientBalance: BALANCE_LOW,
  ERC20InsufficientAllowance: {
    message: 'Please approve the coin first',
    key: 'market.errors.allowance',
  },
  SafeERC20FailedOperation: TRANSACTION_FAILED,
  ERC721IncorrectOwner: NOT_HELD,
  ERC721InsufficientApproval: LISTING_NOT_VALID,
  ERC721NonexistentToken: NOT_HELD,
  ERC1155InsufficientBalance: {
    message: 'The selected amount is more than you hold',
    key: 'launchpad.beyondTip',
  },
  ERC1155MissingApprovalForAll: LISTING_NOT_VALID,
  ReentrancyGuardReentrantCall: TRANSACTION_FAILED,
  OwnableUnauthorizedAccount: {
    message: 'You are not allowed to do this',
    key: 'errors.forbidden',
  },
} as const satisfies Record<string, ContractErrorInfo>;

export const CONTRACT_ERRORS: Readonly<Record<string, ContractErrorInfo>> = {
  ...TOKEN_CONTRACT_ERRORS,
  ...MARKET_CONTRACT_ERRORS,
  ...LAUNCHPAD_CONTRACT_ERRORS,
  ...OFFERS_CONTRACT_ERRORS,
};

export interface ContractErrorMessage extends ContractErrorInfo {
  /** i18n interpolation values taken from the error's arguments. */
  values: Record<string, string>;
}

/**
 * The message of a decoded contract error (viem's `ContractFunctionRevertedError.data`:
 * errorName and args); the fallback 'Transaction failed' for anything unknown.
 */
export function contractErrorMessage(
  errorName: string | undefined,
  args: readonly unknown[] = [],
): ContractErrorMessage {
  const info = (errorName && CONTRACT_ERRORS[errorName]) || CONTRACT_ERROR_FALLBACK;
  const values: Record<string, string> = {};
  for (const [name, index] of Object.entries(info.params ?? {})) {
    const value = args[index];
    if (value !== undefined) values[name] = String(value);
  }
  let message = info.message;
  for (const [name, value] of Object.entries(values)) {
    message = message.replaceAll(`{{${name}}}`, value);
  }
  // A placeholder without a value drops its parenthesis: 'Swap exceeds the maximum'.
  message = message.replace(/\s*\([^)]*\{\{\w+\}\}[^)]*\)/g, '');
  return { ...info, message, values };
}
