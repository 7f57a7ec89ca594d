/**
 * The filters the market and collection token lists share: a search word, a price range (null:
 * none), attribute values (within one category when `parentId` is given), and the page (from 1).
 */
export interface TokenListFilter {
  keyWord?: string | undefined;
  priceRange: { minPrice: string; maxPrice: string } | null;
  gorySet?: number[] | undefined;
  parentId?: number | undefined;
  page: number;
  size: number;
}
