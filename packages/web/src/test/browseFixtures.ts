import type { ActivityVO, CollectionVO, NftCardVO, Page } from '@aiamarket/shared';
import { CONTRACT, OWNER, noCoinParts } from './market-fixtures';

// Typed answers of the collection and account calls, for component tests.

export { CONTRACT, OWNER };

export function collectionVO(over: Partial<CollectionVO> = {}): CollectionVO {
  return {
    id: 3,
    name: 'Space Pirates',
    linkCollection: 'space-pirates',
    headUrl: '/head.png',
    coverUrl: '/cover.png',
    backgroundUrl: '/bg.png',
    description: 'Pirates who sail between the stars.',
    contractAddr: CONTRACT,
    contractType: 'ERC721',
    createAddr: OWNER,
    ownerAddr: OWNER,
    royalty: 2.5,
    royaltyAddr: OWNER,
    royaltySource: 'market',
    linkSkypegmwcn: 'https://pirates.example',
    linkTwitter: 'https://x.com/pirates',
    linkDiscord: null,
    linkInstagram: 'javascript:alert(1)',
    linkMedium: null,
    lowestPrice: '0.123456',
    totalTransaction: '1234567.5',
    totalTokens: 10000,
    totalHolder: 321,
    totalOrder: 12,
    day1totalTransaction: '1',
    day7totalTransaction: '2',
    day30totalTransaction: '3',
    priceUnit: 'AIA',
    coinParts: noCoinParts(),
    ...over,
  };
}

export function cardVO(tokenId: number, over: Partial<NftCardVO> = {}): NftCardVO {
  return {
    tokenId: String(tokenId),
    contractAddr: CONTRACT,
    contractType: 'ERC721',
    name: `Pirate #${tokenId}`,
    imageUrl: `/nft/${tokenId}.png`,
    collectionName: 'Space Pirates',
    linkCollection: 'space-pirates',
    amount: '1',
    order: null,
    bestOffer: null,
    ...over,
  };
}

export function activityVO(method: number, over: Partial<ActivityVO> = {}): ActivityVO {
  return {
    method,
    price: method === 2 || method === 0 ? '1.23456789' : null,
    coin: method === 2 || method === 0 ? 'AIA' : null,
    priceRef: method === 2 ? '1.23456789' : null,
    amount: '1',
    fromAddr: OWNER,
    toAddr: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
    fromName: 'alice',
    toName: null,
    createDate: new Date(Date.now() - 3 * 60_000).toISOString(),
    txHash: `0x${'ab'.repeat(32)}`,
    tokenId: '7',
    contractAddr: CONTRACT,
    imageUrl: '/nft/7.png',
    nmName: 'Pirate #7',
    collectionName: 'Space Pirates',
    linkCollection: 'space-pirates',
    ...over,
  };
}

export function pageOf<T>(records: T[], total = records.length, size = 20): Page<T> {
  return { records, total, current: 1, size };
}
