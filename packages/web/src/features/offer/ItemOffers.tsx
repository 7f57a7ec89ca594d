import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTRACT_TYPE, OFFER_KIND, type NftDetail } from '@aiamarket/shared';
import { useLocaleFormat } from '../../lib/localeFormat';
import { getSession, isSignedIn, useSession } from '../../lib/session';
import { fetchItemOffers, fetchOwnership } from './api';
import { offerDraftKey, peekOfferDraft } from './draft';
import { MakeOfferModal } from './MakeOfferModal';
import { OffersTable } from './OffersTable';
import { ActionButton } from '../../components/trade/ActionButton';

const keyOf = (detail: NftDetail) => ({
  contractAddr: detail.metadataVO.contractAddr.toLowerCase(),
  tokenId: detail.metadataVO.tokenId,
});

/**
 * How much of the item the signed-in viewer holds (0 when signed out). The item page asks the
 * same asset/userInfo under this key: one request serves both.
 */
function useHeld(detail: NftDetail) {
  const { address } = useSession();
  const key = keyOf(detail);
  const held = useQuery({
    queryKey: ['item', key, 'ownership', address],
    queryFn: ({ signal }) => fetchOwnership(key, address ?? '', signal),
    enabled: address !== null,
  });
  return BigInt(held.data?.amount ?? 0);
}

/**
 * The item page's offer line in its price box: the best offer the item can accept and the Make
 * offer button (not for the only holder of an ERC721: nobody can sell it to them).
 */
export function ItemOfferActions({ detail }: { detail: NftDetail }) {
  const { t } = useTranslation();
  const fmt = useLocaleFormat();
  // Reopened with the form a visitor filled before the sign-in that reloaded the page.
  const [open, setOpen] = useState(
    () =>
      isSignedIn(getSession()) &&
      peekOfferDraft(offerDraftKey({ kind: OFFER_KIND.item, ...keyOf(detail) }))?.kind ===
        OFFER_KIND.item,
  );
  const held = useHeld(detail);
  const meta = detail.metadataVO;
  const erc1155 = meta.contractType === CONTRACT_TYPE.erc1155;
  const best = detail.bestOffer ?? null;
  const ownsIt = !erc1155 && held > 0n;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3" data-testid="item-offer-actions">
      {best && (
        <p className="text-sm text-slate-300" data-testid="item-best-offer">
          {t('offer.best')}{' '}
          <span className="font-semibold text-white tabular-nums">
            {fmt.price(best.price)} {best.coin}
          </span>
        </p>
      )}
      {!ownsIt && (
        <ActionButton kind="secondary" testId="action-make-offer" onClick={() => setOpen(true)}>
          {t('offer.actions.make')}
        </ActionButton>
      )}
      {open && (
        <MakeOfferModal
          target={{ kind: OFFER_KIND.item, ...keyOf(detail), erc1155 }}
          name={meta.name ?? undefined}
          unitsCap={erc1155 ? BigInt(meta.amountTotal || 0) : 1n}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}

/** The item page's Offers tab: every offer the item can accept, best first. */
export function ItemOffersTab({ detail }: { detail: NftDetail }) {
  const { t } = useTranslation();
  const held = useHeld(detail);
  const key = keyOf(detail);
  return (
    <OffersTable
      queryKey={['item', key]}
      fetchPage={(page, signal) => fetchItemOffers(key, page, signal)}
      canAccept={() => held > 0n}
      tokenId={key.tokenId}
      emptyLabel={t('offer.empty.item')}
      testId="item-offers"
    />
  );
}
