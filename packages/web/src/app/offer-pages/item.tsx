import { ItemPage } from '../../features/item/ItemPage';
import { ItemOfferActions, ItemOffersTab } from '../../features/offer';

// The pages that show offers are joined in app/: a slice may not import another, so
// the item, collection and account pages take the offer slice's pieces as props. One file per
// page, so that each route keeps its own chunk.

const OFFERS = { Actions: ItemOfferActions, Tab: ItemOffersTab };

export default function ItemPageWithOffers() {
  return <ItemPage offers={OFFERS} />;
}
