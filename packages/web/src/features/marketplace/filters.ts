import {
  checkPriceRange,
  ORDER_STATUS,
  type OrderPageRequest,
  type OrderSort,
} from '@aiamarket/shared';

// The marketplace filters live in the URL (?q=&sort=&min=&max=&c=&ca=&ap=&av=&an=) so that a
// filtered view can be shared and survives a reload. Like a collection's name (c) beside its
// address (ca), each attribute value's name (an) travels beside its id (av) so that its chip
// reads "Eyes: Blue" after a reload, before (or without) the attribute panel loading. These functions are the only place that
// knows the parameter names.

/** The three market sorts (spec section 2). */
export const MARKET_SORTS = ['recent', 'priceAsc', 'priceDesc'] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];

const SORT_ORDERS: Record<MarketSort, OrderSort[]> = {
  recent: [{ asc: false, column: 'create_date' }],
  priceAsc: [{ asc: true, column: 'price' }],
  priceDesc: [{ asc: false, column: 'price' }],
};

export interface SelectedCollection {
  name: string;
  contractAddr: string;
}

export interface MarketFilters {
  keyWord: string;
  sort: MarketSort;
  minPrice: string;
  maxPrice: string;
  collections: SelectedCollection[];
  /** Attribute category and its chosen value ids (only with exactly one collection). */
  parentId: number | null;
  values: number[];
  /** Chip names of the chosen values ("Category: value"), by value id, where known. */
  attributeNames: Record<number, string>;
}

export const NO_FILTERS: MarketFilters = {
  keyWord: '',
  sort: 'recent',
  minPrice: '',
  maxPrice: '',
  collections: [],
  parentId: null,
  values: [],
  attributeNames: {},
};

const positiveInt = (value: string | null) =>
  value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/** Reads the filters from a query string; unknown or malformed values fall back to none. */
export function filtersFromSearch(params: URLSearchParams): MarketFilters {
  const sort = params.get('sort');
  const names = params.getAll('c');
  const addresses = params.getAll('ca');
  const collections = names
    .map((name, i) => ({ name, contractAddr: (addresses[i] ?? '').toLowerCase() }))
    .filter((c) => c.name);
  const parentId = collections.length === 1 ? positiveInt(params.get('ap')) : null;
  const valueNames = params.getAll('an');
  const chosen =
    parentId === null
      ? []
      : params
          .getAll('av')
          .map((raw, i) => ({ id: positiveInt(raw), name: valueNames[i] ?? '' }))
          .filter((v): v is { id: number; name: string } => v.id !== null);
  const values = chosen.map((v) => v.id);
  const attributeNames: Record<number, string> = {};
  for (const v of chosen) if (v.name) attributeNames[v.id] = v.name;
  const min = params.get('min') ?? '';
  const max = params.get('max') ?? '';
  // The price form's rule (both bounds, up to 8 decimals, min not above max): a shared or
  // hand-edited link with an invalid range is shown unfiltered rather than sent to the API.
  const wellFormed = /^\d+(\.\d{1,8})?$/.test(min) && /^\d+(\.\d{1,8})?$/.test(max);
  const range = wellFormed ? checkPriceRange(min, max) : null;
  const bothPrices = !!range?.ok && range.range !== null;
  return {
    keyWord: params.get('q') ?? '',
    sort: (MARKET_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as MarketSort)
      : 'recent',
    minPrice: bothPrices ? min : '',
    maxPrice: bothPrices ? max : '',
    collections,
    parentId: values.length ? parentId : null,
    values,
    attributeNames,
  };
}

/** Writes the filters as a query string, leaving defaults out. */
export function searchOfFilters(f: MarketFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.keyWord.trim()) params.set('q', f.keyWord.trim());
  if (f.sort !== 'recent') params.set('sort', f.sort);
  if (f.minPrice && f.maxPrice) {
    params.set('min', f.minPrice);
    params.set('max', f.maxPrice);
  }
  for (const c of f.collections) {
    params.append('c', c.name);
    params.append('ca', c.contractAddr);
  }
  if (f.collections.length === 1 && f.parentId !== null && f.values.length) {
    params.set('ap', String(f.parentId));
    for (const v of f.values) {
      params.append('av', String(v));
      params.append('an', f.attributeNames[v] ?? '');
    }
  }
  return params;
}

/** The order-page request of the filters (page and size are added per page). */
export function orderRequestOf(f: MarketFilters): Omit<OrderPageRequest, 'page' | 'size'> {
  const attributes = f.collections.length === 1 && f.parentId !== null && f.values.length > 0;
  return {
    status: ORDER_STATUS.listed,
    orders: SORT_ORDERS[f.sort],
    keyWord: f.keyWord.trim() || undefined,
    collectionNames: f.collections.length ? f.collections.map((c) => c.name) : undefined,
    minPrice: f.minPrice && f.maxPrice ? f.minPrice : undefined,
    maxPrice: f.minPrice && f.maxPrice ? f.maxPrice : undefined,
    parentId: attributes ? (f.parentId ?? undefined) : undefined,
    gorySet: attributes ? f.values : undefined,
  };
}
