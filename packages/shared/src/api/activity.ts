// Activity (history) shapes (spec doc 1 section 3).

export interface ActivityVO {
  /** ACTIVITY_METHOD code. */
  method: number;
  price: string | null;
  coin: string | null;
  /**
   * Trades: the unit price in the reference unit, at the rate stored with the sale (for charts
   * across coins); null otherwise or when the coin had no rate.
   */
  priceRef: string | null;
  amount: string;
  fromAddr: string;
  toAddr: string | null;
  fromName: string | null;
  toName: string | null;
  createDate: string;
  txHash: string;
  tokenId: string;
  contractAddr: string;
  imageUrl: string | null;
  nmName: string | null;
  collectionName: string | null;
  linkCollection: string | null;
}

/**
 * POST /v1/api/transaction/page, the activity list (an item's history: contractAddr + tokenId;
 * a collection's: contractAddr; an account's: userAddr) and POST /v1/api/transaction/userPage
 * (userAddr). types: ACTIVITY_METHOD codes to keep (empty = all; the transfer group is 3, 4, 6,
 * 7, 10). Page size 20.
 */
export interface ActivityPageRequest {
  types?: number[];
  tokenId?: string;
  contractAddr?: string;
  userAddr?: string;
  /** With userAddr: only the rows it sent (`from`; a trade: its sales) or received (`to`). */
  role?: ActivityRole;
  page?: number;
  size?: number;
}

/** Which side of an activity row the account is on: sender (from) or receiver (to). */
export type ActivityRole = 'from' | 'to';

/** Royalty row of the creator dashboard (POST /v1/api/nftRoyalty/pageByCurrentUser, size 10). */
export interface RoyaltyRowVO {
  tokenName: string | null;
  tokenImageUrl: string | null;
  tokenId: string;
  contractAddr: string;
  price: string;
  coin: string;
  amount: string;
  totalTrans: string;
  royalty: string;
  createDate: string;
}

/** GET /v1/api/nftRoyalty/summaryByCurrentUser. */
export interface RoyaltySummaryVO {
  totalTrans: string;
  totalTransToday: string;
}
