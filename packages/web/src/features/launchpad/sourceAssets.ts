import { useInfiniteQuery } from '@tanstack/react-query';
import { ApiError, ERRORS, type NftCardVO, type Page } from '@aiamarket/shared';
import { fetchUserAssets } from './api';
import { loadUserSourceAssets, type SourceAsset } from './chain';
import { nextPageOf } from '../../lib/paging';

// The exchange modal's list: the user's NFTs of the source collection, 20 a page from
// POST /v1/api/asset/userInfoList (the indexer's holdings). A server without that route
// (404) is read from the chain instead, all at once.

/** An API card as a row of the exchange list. */
export function toSourceAsset(card: NftCardVO, collectionName: string): SourceAsset {
  return {
    tokenId: card.tokenId,
    name: card.name || `${card.collectionName || collectionName} #${card.tokenId}`,
    imageUrl: card.imageUrl,
    amount: Math.max(0, Math.floor(Number(card.amount) || 0)),
    contractAddr: card.contractAddr,
  };
}

export async function loadSourcePage(
  source: string,
  type: 721 | 1155,
  owner: string,
  collectionName: string,
  page: number,
  signal?: AbortSignal,
): Promise<Pick<Page<SourceAsset>, 'records' | 'total'>> {
  try {
    const data = await fetchUserAssets(source, owner, page, signal);
    return {
      records: data.records.map((card) => toSourceAsset(card, collectionName)),
      total: data.total,
    };
  } catch (error) {
    if (!(error instanceof ApiError && error.code === ERRORS.notFound.code)) throw error;
    if (page > 1) return { records: [], total: 0 };
    const records = await loadUserSourceAssets(source, type, owner, collectionName);
    return { records, total: records.length };
  }
}

/** The pages loaded so far, and whether another one is there. */
export function useSourceAssets(args: {
  source: string;
  type: 721 | 1155;
  owner: string | null;
  collectionName: string;
  enabled: boolean;
}) {
  const { source, type, owner, collectionName, enabled } = args;
  return useInfiniteQuery({
    queryKey: ['launchpad', 'sourceAssets', source, owner, type],
    enabled: enabled && !!owner && !!source,
    queryFn: ({ pageParam, signal }) =>
      loadSourcePage(source, type, owner!, collectionName, pageParam, signal),
    initialPageParam: 1,
    // Holdings change with every transfer: read again each time the modal opens.
    staleTime: 0,
    getNextPageParam: nextPageOf,
  });
}
