import type {
  CollectionVO,
  NftDetail,
  OrderVO,
  RankingRow,
  SignedListingVO,
} from '@aiamarket/shared';

// Typed answers of the market calls for component tests (the fetch layer is stubbed with them).

export const CONTRACT = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
export const OWNER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

/** A collection's per-coin parts of its figures when it has none. */
export function noCoinParts() {
  return {
    lowestPrice: [],
    totalTransaction: [],
    day1totalTransaction: [],
    day7totalTransaction: [],
    day30totalTransaction: [],
  };
}

/**
 * The stored terms of signed listing `n` (order hash n, token id n) of OWNER on CONTRACT, one
 * unit of an ERC721 signed alone; `over` sets the rest (listingsAddr first of all).
 */
export function signedListing(n: number, over: Partial<SignedListingVO> = {}): SignedListingVO {
  return {
    orderHash: `0x${n.toString(16).padStart(64, '0')}`,
    listingsAddr: '0x0000000000000000000000000000000000000000',
    seller: OWNER,
    collection: CONTRACT,
    erc1155: false,
    tokenId: String(n),
    units: '1',
    coin: '0x0000000000000000000000000000000000000000',
    pricePerUnit: '1000000000000000000',
    start: '1',
    end: '9999999999',
    salt: '7',
    counter: '0',
    signature: '0x01',
    root: null,
    proof: [],
    index: 0,
    ...over,
  };
}

export function order(i: number, over: Partial<OrderVO> = {}): OrderVO {
  return {
    orderId: String(i),
    kind: 0,
    expiresAt: null,
    signed: null,
    status: 0,
    price: `${i}.123456`,
    priceWei: `${i}123456000000000000`,
    priceRef: `${i}.123456`,
    coin: 'AIA',
    coinDecimals: 18,
    moneyAddr: '0x0000000000000000000000000000000000000000',
    contractAddr: CONTRACT,
    tokenId: String(i),
    contractType: 'ERC721',
    amount: '1',
    leftAmount: '1',
    ownerAddr: OWNER,
    marketAddr: '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512',
    royalty: 2.5,
    collectionName: 'Sky Knights',
    linkCollection: 'sky-knights',
    name: `Knight ${i}`,
    imageUrl: `/ipfs/knight-${i}.png`,
    nftMetadata: { imageUrl: `/ipfs/knight-${i}.png`, name: `Knight ${i}` },
    createDate: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

export function collection(id: number, over: Partial<CollectionVO> = {}): CollectionVO {
  return {
    id,
    name: `Collection ${id}`,
    linkCollection: `collection-${id}`,
    headUrl: null,
    coverUrl: null,
    backgroundUrl: null,
    description: null,
    contractAddr: CONTRACT,
    contractType: 'ERC721',
    createAddr: OWNER,
    ownerAddr: OWNER,
    royalty: 5,
    royaltyAddr: OWNER,
    royaltySource: 'market',
    linkSkypegmwcn: null,
    linkTwitter: null,
    linkDiscord: null,
    linkInstagram: null,
    linkMedium: null,
    lowestPrice: '1.5',
    totalTransaction: '100',
    totalTokens: 1200,
    totalHolder: 30,
    totalOrder: 4,
    day1totalTransaction: '1',
    day7totalTransaction: '7',
    day30totalTransaction: '30',
    priceUnit: 'AIA',
    coinParts: noCoinParts(),
    ...over,
  };
}

export function rankingRow(rank: number, over: Partial<RankingRow> = {}): RankingRow {
  return {
    id: rank,
    rank,
    name: `Ranked ${rank}`,
    headUrl: null,
    linkCollection: `ranked-${rank}`,
    volume: String(1_234_567 / rank),
    lowestPrice: '0.5',
    totalHolder: 12,
    totalTokens: 100,
    change: rank % 2 ? 12.5 : -3,
    trades: 40,
    totalOrder: 3,
    priceUnit: 'AIA',
    volumeParts: [],
    lowestPriceParts: [],
    ...over,
  };
}

export function detail(
  over: Partial<NftDetail['metadataVO']> = {},
  orderVO: OrderVO | null = null,
): NftDetail {
  return {
    metadataVO: {
      tokenId: '7',
      contractAddr: CONTRACT,
      contractType: 'ERC721',
      name: 'Knight 7',
      imageUrl: '/ipfs/knight-7.png',
      description: 'A brave knight.',
      belongToList: [OWNER],
      collectionName: 'Sky Knights',
      linkCollection: 'sky-knights',
      propertyList: [{ name: 'Weapon', value: 'Sword' }],
      amountTotal: '1',
      metadataStatus: 'ok',
      ...over,
    },
    collectionsVO: collection(1, { name: 'Sky Knights', linkCollection: 'sky-knights' }),
    orderVO,
    bestOffer: null,
  };
}
