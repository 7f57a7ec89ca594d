/** One payment coin of a launchpad project (GET|POST /v1/api/collections/getLaunPage). */
export interface MintCoin {
  /** Symbol, e.g. AIA. */
  coin: string;
  /** Price per NFT as a decimal string. */
  number: string;
  iconUrl: string | null;
  /** Coin address; the zero address is the native coin. */
  address: string;
  decimals?: number;
  /** At most this many NFTs can be minted with this coin. */
  maxAmount?: number;
}

export interface CollectionsVO {
  name: string;
  description: string;
  coverUrl: string | null;
  boxUrl: string | null;
  headUrl: string | null;
  backgroundUrl: string | null;
  projectDesc: string;
  linkCollection: string | null;
  linkSkypegmwcn?: string | null;
  linkTwitter?: string | null;
  linkDiscord?: string | null;
  linkInstagram?: string | null;
  linkMedium?: string | null;
}

/** A launchpad project record (spec document 2, section 3). */
export interface LaunchpadProject {
  id: number;
  /** 1 in progress, 2 ended, 3 another non-active state. */
  state: number;
  /** 0 begins in, 1 ends in, 2 ended, 3 sold out. */
  status?: number;
  countdown: readonly number[];
  /** Unix milliseconds. */
  mintStartTime: number | null;
  mintEndTime?: number | null;
  mintNum: number;
  mintMaxLimit: number;
  maxBatchSize?: number;
  /** Minted so far, as the API read it (the page re-reads it from the chain). */
  minted?: number;
  mintCoin: MintCoin[];
  contractAddr: string;
  /** 721 or 1155. */
  contractType: number;
  tokenId?: string | null;
  isExchange: number;
  exchangeAddr: string | null;
  newNum: number;
  oldNum: number;
  collectionsVO: CollectionsVO;
}

export interface Page<T> {
  records: T[];
  total: number;
}
