import { CollectionPage } from '../../features/collection/CollectionPage';
import { SweepControl } from '../../features/cart/SweepControl';
import { CollectionOfferActions, CollectionOffersTab } from '../../features/offer';

// The collection page with its offers and the cart's sweep (see ./item.tsx for why pages are joined here).

const OFFERS = { HeaderActions: CollectionOfferActions, Tab: CollectionOffersTab };

export default function CollectionPageWithOffers() {
  return <CollectionPage offers={OFFERS} sweep={SweepControl} />;
}
