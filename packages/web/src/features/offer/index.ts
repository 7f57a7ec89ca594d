// What the item, collection and account pages mount (through app/, which joins the slices).
export { ItemOfferActions, ItemOffersTab } from './ItemOffers';
export { CollectionOfferActions, CollectionOffersTab } from './CollectionOfferActions';
export { OffersMadeTab, OffersReceivedTab } from './AccountOffers';
