import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { fetchAccountOffers } from './api';
import { CancelOfferModal } from './CancelOfferModal';
import { OffersTable } from './OffersTable';
import { ActionButton } from '../../components/trade/ActionButton';

/**
 * The account page's "Offers made": every offer the account signed, newest first, with its
 * status (an unfunded or expired offer too, so its maker sees why it is not shown elsewhere), an
 * "active only" filter, and for the account's own page Cancel per offer and Cancel all.
 */
export function OffersMadeTab({ userAddr }: { userAddr: string }) {
  const { t } = useTranslation();
  const { address } = useSession();
  const [activeOnly, setActiveOnly] = useState(false);
  const [cancelAll, setCancelAll] = useState(false);
  const own = address !== null && address === userAddr.toLowerCase();
  return (
    <div data-testid="account-offers-made">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <label className="flex items-center gap-2 text-sm text-slate-300">
          <input
            type="checkbox"
            data-testid="offers-active-only"
            checked={activeOnly}
            onChange={(e) => setActiveOnly(e.target.checked)}
          />
          {t('offer.activeOnly')}
        </label>
        {own && (
          <ActionButton
            kind="secondary"
            testId="offers-cancel-all"
            onClick={() => setCancelAll(true)}
          >
            {t('offer.actions.cancelAll')}
          </ActionButton>
        )}
      </div>
      <OffersTable
        key={activeOnly ? 'active' : 'all'}
        queryKey={['made', userAddr, activeOnly]}
        fetchPage={(page, signal) =>
          fetchAccountOffers('made', { address: userAddr, active: activeOnly, page }, signal)
        }
        canAccept={() => false}
        showStatus
        showItem
        emptyLabel={t('offer.empty.made')}
        testId="offers-made"
      />
      {cancelAll && <CancelOfferModal onClose={() => setCancelAll(false)} />}
    </div>
  );
}

/**
 * The account page's "Offers received": active offers the account's items can accept, best
 * first; Accept on the account's own page (a collection or trait offer picks one of the held
 * tokens it accepts).
 */
export function OffersReceivedTab({ userAddr }: { userAddr: string }) {
  const { t } = useTranslation();
  const { address } = useSession();
  const own = address !== null && address === userAddr.toLowerCase();
  return (
    <div data-testid="account-offers-received">
      <OffersTable
        queryKey={['received', userAddr]}
        fetchPage={(page, signal) =>
          fetchAccountOffers('received', { address: userAddr, page }, signal)
        }
        canAccept={() => own}
        showItem
        emptyLabel={t('offer.empty.received')}
        testId="offers-received"
      />
    </div>
  );
}
