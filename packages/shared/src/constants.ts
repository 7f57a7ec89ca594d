// Business constants and limits from section 9 of both spec documents. Server and web import
// these; never copy a value.

export const NATIVE_COIN = { name: 'AIA', symbol: 'AIA', decimals: 18 } as const;
/** The native coin is addressed as the zero address wherever a coin address is expected. */
export const NATIVE_COIN_ADDRESS = '0x0000000000000000000000000000000000000000' as const;
/** An address as text: 0x and 40 hex digits, any letter case (the one rule of every side). */
export const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;
export function isAddressText(value: unknown): value is string {
  return typeof value === 'string' && ADDRESS_PATTERN.test(value);
}
export const STABLE_COIN_DECIMALS = 6;
/** Token decimals assumed when a token does not say (document 1). */
export const DEFAULT_TOKEN_DECIMALS = 6;
/** Coin decimals assumed for a launchpad mint coin that does not say (document 2). */
export const DEFAULT_COIN_DECIMALS = 18;
export const DEFAULT_TOKEN_ID = 0;
export const DEFAULT_ERC1155_AMOUNT = 1;
export const DEFAULT_EXCHANGE_RATIO = { newNum: 1, oldNum: 1 } as const;

export const TIMING = {
  requestTimeoutMs: 30_000,
  debounceMs: 800,
  searchDebounceMs: 200,
  forcedLogoutDelayMs: 2_500,
  walletProviderTimeoutMs: 10_000,
  blockPollingMs: 5_000,
  balancePollingMs: 2_000,
  infiniteScrollThrottleMs: 500,
  countdownTickMs: 1_000,
  chunkLoadTimeoutMs: 120_000,
  featuredAutoplayMs: 2_500,
} as const;

export const PAGE_SIZE = {
  listings: 20,
  attributeValues: 20,
  market: 30,
  collectionFilter: 30,
  accountItems: 24,
  collectionItems: 20,
  activity: 20,
  rankings: 20,
  rankingsHome: 5,
  royalty: 10,
  articleCategories: 10,
  featuredCollections: 6,
  collectionList: 6,
  primary: 20,
  primaryItems: 20,
  launchpadInProgress: 4,
  launchpadEnded: 6,
  userAssets: 20,
  offers: 20,
} as const;

/** A ranking table shows its pager from this many rows on. */
export const RANKINGS_PAGINATE_FROM = 20;

export const ROYALTY = {
  maxPercent: 10,
  maxDecimals: 1,
  /** Royalty travels to the chain as percent x 100. */
  chainScale: 100,
  /** The marketplace's royalty rate denominator (percent x 100 of 100 %). */
  rateDenominator: 10_000,
} as const;

export const PRICE = {
  maxLength: 20,
  maxIntegerDigits: 18,
  maxDecimals: 18,
  filterMaxDecimals: 8,
  displayDecimals: 4,
} as const;

export const SEARCH_MIN_LENGTH = 3;
export const DESCRIPTION_MAX_LENGTH = 500;

export const UPLOAD = {
  imageTypes: ['image/jpeg', 'image/png', 'image/gif'],
  imageExtensions: ['jpg', 'jpeg', 'png', 'gif'],
  defaultMaxMb: 5,
  avatarMaxMb: 1,
  bannerMaxMb: 5,
  collectionProfileMaxMb: 1,
  collectionCoverMaxMb: 3,
  collectionBackgroundMaxMb: 10,
  collectionImageTypes: ['image/jpeg', 'image/png', 'image/svg+xml'],
  /** Largest width x height of a raster image (its header is read, never its pixel data). */
  maxPixels: 40_000_000,
} as const;

export const UPLOAD_HINTS = {
  profile: '200x200',
  cover: '600x400',
  background: '1900x350',
} as const;

export const CLAMP_LINES = {
  accountBio: 3,
  collectionDescription: 1,
  launchpadCard: 3,
  launchpadDetail: 5,
} as const;

export const LAYOUT = {
  topBarDarkAfterPx: 10,
  modalWidthPx: 550,
  nftListHeightPx: 310,
  /** Card columns of an item grid on a wide screen (spec: 6, 8 or 10 depending on the layout). */
  marketGridColumns: [6, 8, 10],
} as const;

/** The item grid choice kept as listItenGrid: 1 large cards, 2 small cards. */
export type MarketGridChoice = 1 | 2;

/**
 * Columns of an item grid on a wide screen: large cards beside the filter panel take 6; small
 * cards or a hidden panel (it is about two columns wide) add 2 each, so 8, and both 10.
 */
export function marketGridColumnCount(
  choice: MarketGridChoice,
  filterPanelShown: boolean,
): (typeof LAYOUT.marketGridColumns)[number] {
  const [six, eight, ten] = LAYOUT.marketGridColumns;
  const steps = (choice === 2 ? 1 : 0) + (filterPanelShown ? 0 : 1);
  return steps === 0 ? six : steps === 1 ? eight : ten;
}

/** Launchpad and primary-sale times are shown in UTC+8. */
export const DISPLAY_TIME_ZONE = 'Asia/Shanghai';
export const DISPLAY_TIME_ZONE_LABEL = 'UTC+8';

export const STORAGE_KEYS = {
  language: 'NFT_LANG_KEY',
  reduxState: 'redux-state',
  wallet: 'wallet',
  walletName: 'walletName',
  accountAddress: 'accountAddress',
  userInfo: 'userInfo',
  listItenGrid: 'listItenGrid',
  loginType: 'loginType',
} as const;

export const TOKEN_COOKIE = 'web-token';
export const TOKEN_HEADER = 'token';
export const LANG_QUERY_PARAM = 'lang';
export const LOGIN_TYPE_HOME_SELL = 'homeSell';

/** The config key whose value is the platform fee in percent. */
export const CONFIG_KEYS = { transactionFee: 'transaction_fee' } as const;

export const LOCALES = ['en', 'zh-CN', 'zh-TW', 'ja', 'tr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Primary-sale activity status. */
export const ACTIVITY_STATUS = { waiting: 0, inProgress: 1, ended: 2, soldOut: 3 } as const;
/**
 * Primary-sale activity kinds. /primary lists `sale` (its card opens /activityDetail: one sale with
 * a Buy now link) and `items` (its card opens /marketlist: the activity's items); other types,
 * such as `hidden`, stay off the list.
 */
export const ACTIVITY_TYPE = { hidden: 0, sale: 1, items: 2 } as const;
/** The activity kinds /primary lists (sent as `type=1,2`). */
export const PRIMARY_LIST_TYPES: readonly number[] = [ACTIVITY_TYPE.sale, ACTIVITY_TYPE.items];
/** Launchpad project state. */
export const LAUNCHPAD_STATE = { inProgress: 1, ended: 2, inactive: 3 } as const;
/** The launchpad contracts' getState() numbers (SaleState). */
export const SALE_STATE = {
  notStarted: 0,
  active: 1,
  ended: 2,
  soldOut: 3,
  down: 4,
  notConfigured: 5,
} as const;
/** Home banner click targets. */
export const BANNER_TYPE = { article: 0, activity: 1, collection: 2, item: 3 } as const;
/** Order status 0 is listed and buyable. */
export const ORDER_STATUS = { listed: 0, sold: 1, cancelled: 2, forceCancel: 3 } as const;
/**
 * Why a listing that is listed on its own cannot be bought now (orders.hold, OrderVO.hold; its
 * status is then force cancel), and why an open offer cannot be accepted (offers' market hold,
 * OFFER_STATUS.marketHold): 1 the seller's cheaper listings of the token already take every unit
 * held, 2 the market does not allow its coin now, 3 the market is paused, 4 the order was signed
 * for an order-book contract (Listings / Offers) a newer one replaced (deployment `retired`): the
 * market no longer fills it, for good (OFFER_STATUS.retired for offers).
 */
export const ORDER_HOLD = { none: 0, units: 1, coin: 2, paused: 3, retired: 4 } as const;
export type OrderHold = (typeof ORDER_HOLD)[keyof typeof ORDER_HOLD];
/**
 * orders.kind / OrderVO.kind: 0 a listing of the market contract, 1 a signed listing of the
 * Listings contract (bought through Listings.buy or sweep).
 */
export const ORDER_KIND = { market: 0, signed: 1 } as const;
export type OrderKind = (typeof ORDER_KIND)[keyof typeof ORDER_KIND];
/**
 * Offer status (api/offer.ts OfferStatus): 0 active, 1 filled, 2 cancelled (by hash or counter),
 * 3 unfunded (the offerer's balance or allowance is below what is left), 4 expired, 5 not started,
 * 6 held by the market (it refuses the offer's coin now or is paused; shown again when it no
 * longer does), 7 ended: signed for an Offers contract a newer one replaced (the market moved to
 * a new contract; it can only be made again).
 */
export const OFFER_STATUS = {
  active: 0,
  filled: 1,
  cancelled: 2,
  unfunded: 3,
  expired: 4,
  notStarted: 5,
  marketHold: 6,
  retired: 7,
} as const;
/** Offer limits: an offer ends at most this long after it is made; a trait set has at most this many tokens. */
export const OFFER_LIMITS = { maxDurationDays: 180, maxTraitTokens: 10_000 } as const;
/** `type` of nftOrder/selecAssetNftPage: which of an account's items to list. */
export const ACCOUNT_ITEM_TYPE = {
  collected: 0,
  favourited: 1,
  forSale: 2,
  forceCancel: 3,
} as const;
/** `showType` of nft/findPageByCollectionId: every item, or listed items only. */
export const COLLECTION_SHOW_TYPE = { all: 0, listed: 1 } as const;
/** `sort` of nft/findPageByCollectionId. */
export const COLLECTION_ITEM_SORT = {
  recentlyListed: 0,
  priceAsc: 1,
  priceDesc: 2,
  tokenId: 3,
} as const;
/** Results per group (collections, items, accounts) of the global search. */
export const SEARCH_RESULTS_PER_GROUP = 5;

export const CONTRACT_TYPE = { erc721: 'ERC721', erc1155: 'ERC1155' } as const;
export type ContractType = (typeof CONTRACT_TYPE)[keyof typeof CONTRACT_TYPE];
