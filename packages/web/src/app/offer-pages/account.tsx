import { AccountPage } from '../../features/account/AccountPage';
import { OffersMadeTab, OffersReceivedTab } from '../../features/offer';

// The account page with its offer tabs (see ./item.tsx for why pages are joined here).

const OFFERS = { Made: OffersMadeTab, Received: OffersReceivedTab };

export default function AccountPageWithOffers() {
  return <AccountPage offers={OFFERS} />;
}
