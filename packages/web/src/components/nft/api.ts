import {
  PAGE_SIZE,
  type AttributeCategory,
  type CollectionFilterItem,
  type CollectionFilterRequest,
  type Page,
} from '@aiamarket/shared';
import { apiRequest } from '../../lib/api';

/** Some list calls answer a bare array, others a page: both read as records. */
export type ListAnswer<T> = T[] | Pick<Page<T>, 'records' | 'total'>;

export function recordsOf<T>(answer: ListAnswer<T> | null | undefined): T[] {
  if (!answer) return [];
  return Array.isArray(answer) ? answer : answer.records;
}

export function totalOf<T>(answer: ListAnswer<T> | null | undefined): number {
  if (!answer) return 0;
  return Array.isArray(answer) ? answer.length : answer.total;
}

/** POST nftOrder/getCollectionList: the market's collection filter, 30 a page. */
export function fetchFilterCollections(
  nameAndAddress: string,
  page: number,
  signal?: AbortSignal,
): Promise<ListAnswer<CollectionFilterItem>> {
  const body: CollectionFilterRequest = {
    page,
    size: PAGE_SIZE.collectionFilter,
    nameAndAddress: nameAndAddress || undefined,
  };
  return apiRequest('/nftOrder/getCollectionList', { body, signal });
}

/** nftAttrCategory/getParentPage: the attribute categories of one collection contract. */
export function fetchAttributeCategories(
  contract: string,
  signal?: AbortSignal,
): Promise<ListAnswer<AttributeCategory>> {
  return apiRequest('/nftAttrCategory/getParentPage', { query: { contract }, signal });
}

/** nftAttrCategory/getValPage: the values of one category, 20 a page. */
export function fetchAttributeValues(
  category: AttributeCategory,
  page: number,
  signal?: AbortSignal,
): Promise<ListAnswer<AttributeCategory>> {
  return apiRequest('/nftAttrCategory/getValPage', {
    // `name` on this call narrows the values by text; the category is chosen by id alone.
    query: { id: category.id, page, size: PAGE_SIZE.attributeValues },
    signal,
  });
}
