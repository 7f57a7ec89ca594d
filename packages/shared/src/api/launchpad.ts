// Answers of the launchpad calls (spec doc 2, sections 3 and 7): collections/getLaunPage.

/** One payment coin of a launchpad project. */
export interface MintCoinVO {
  /** Symbol, e.g. AIA. */
  coin: string;
  /** Price per NFT as a decimal string. */
  number: string;
  iconUrl: string | null;
  /** Coin address; the zero address is the native coin. */
  address: string;
  /** Same as address. */
  contract: string;
  decimals: number;
  /** At most this many NFTs can be minted with this coin. */
  maxAmount: number;
}

/** The project page's collection block (the spec's collectionsVO). */
export interface LaunchpadCollectionVO {
  name: string;
  description: string;
  coverUrl: string | null;
  boxUrl: string | null;
  headUrl: string | null;
  backgroundUrl: string | null;
  /** Sanitised HTML. */
  projectDesc: string;
  linkCollection: string | null;
  linkSkypegmwcn: string | null;
  linkTwitter: string | null;
  linkDiscord: string | null;
  linkInstagram: string | null;
  linkMedium: string | null;
}

/** A launchpad project record. */
export interface LaunchpadProjectVO {
  id: number;
  /** LAUNCHPAD_STATE: 1 in progress (incl. not started), 2 ended or sold out, 3 other. */
  state: number;
  /** 0 begins in, 1 ends in, 2 ended, 3 sold out. */
  status: number;
  /** The contract's SALE_STATE 0-5; null when it could not be read. */
  chainState: number | null;
  countdown: [number, number, number, number];
  /** Unix milliseconds. */
  mintStartTime: number | null;
  mintEndTime: number | null;
  /** Collection size. */
  mintNum: number;
  /** Per-wallet maximum. */
  mintMaxLimit: number;
  /** Per-transaction maximum. */
  maxBatchSize: number;
  /** Minted so far (mints and swaps), as the API read it. */
  minted: number;
  mintCoin: MintCoinVO[];
  contractAddr: string;
  /** 721 or 1155. */
  contractType: number;
  tokenId: string;
  /** 1: swap allowed. */
  isExchange: number;
  /** Source NFT collection of the swap. */
  exchangeAddr: string | null;
  /** Received per oldNum given. */
  newNum: number;
  oldNum: number;
  collectionsVO: LaunchpadCollectionVO;
}
