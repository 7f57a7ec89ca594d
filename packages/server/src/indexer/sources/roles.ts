// What an address is to the indexer: the roles the sources give it (their `follow`) and the
// collections registry; each source's decoder reads the role it gave.

/** One address can be a launchpad and a collection. */
export interface AddressRole {
  market: boolean;
  launchpad: boolean;
  collection: 'ERC721' | 'ERC1155' | null;
  /** The Offers contract (OfferAccepted, OfferCancelled, CounterIncremented). */
  offers?: boolean;
  /** An ERC-20 some stored offer pays with: its moves change the offerers' funding. */
  coin?: boolean;
  /**
   * The Listings contract (ListingFilled, ListingCancelled, CounterIncremented,
   * MarketItemSwept).
   */
  listings?: boolean;
}

/** Whether an address is followed for a contract role (not only as a collection). */
export function followsContract(r: AddressRole): boolean {
  return r.market || r.launchpad || !!r.offers || !!r.coin || !!r.listings;
}

/** An address's role as a collection alone (a back-fill reads a collection's own events). */
export function asCollectionOnly(r: AddressRole): AddressRole {
  return { market: false, launchpad: false, collection: r.collection };
}
