// POST /v1/api/nft/homeSearchPage { keyWord } (at least SEARCH_MIN_LENGTH characters).

export interface SearchCollection {
  id: number;
  name: string;
  headUrl: string | null;
  nftSum: number;
  linkCollection: string;
}
export interface SearchItem {
  tokenId: string;
  contractAddr: string;
  name: string | null;
  imageUrl: string | null;
}
export interface SearchUser {
  userAddr: string;
  username: string | null;
  imageUrl: string | null;
}
export interface SearchResult {
  collectionList: SearchCollection[];
  nftList: SearchItem[];
  userList: SearchUser[];
}

/** GET /v1/api/collect/detail (tokenId, contractAddr): favourite state of an item. */
export interface FavouriteInfo {
  collect: boolean;
  collectNum: number;
}
