import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CONTRACT_TYPE,
  OFFER_KIND,
  OFFER_LIMITS,
  type CollectionDetailVO,
} from '@aiamarket/shared';
import { TradeDialog } from '../../components/trade';
import { useLocaleFormat } from '../../lib/localeFormat';
import { getSession, isSignedIn, useSession } from '../../lib/session';
import { fetchCollectionOffers, fetchTraitSet } from './api';
import { clearOfferDraft, offerDraftKey, peekOfferDraft } from './draft';
import { MakeOfferModal } from './MakeOfferModal';
import { OffersTable } from './OffersTable';
import { TraitPicker, type TraitChoice } from './TraitPicker';
import { ActionButton } from '../../components/trade/ActionButton';

/**
 * The collection header's offers: the best active collection offer, and the buttons for a
 * collection offer (any item) and a trait offer (any item with a chosen attribute value).
 */
export function CollectionOfferActions({ collection }: { collection: CollectionDetailVO }) {
  const { t } = useTranslation();
  const fmt = useLocaleFormat();
  const contractAddr = collection.contractAddr.toLowerCase();
  // Reopened with the form a visitor filled before the sign-in that reloaded the page.
  const [open, setOpen] = useState<'collection' | 'trait' | null>(() => {
    if (!isSignedIn(getSession())) return null;
    const kind = peekOfferDraft(offerDraftKey({ kind: OFFER_KIND.collection, contractAddr }))?.kind;
    return kind === OFFER_KIND.collection
      ? 'collection'
      : kind === OFFER_KIND.trait
        ? 'trait'
        : null;
  });
  const best = collection.bestCollectionOffer ?? null;
  const erc1155 = collection.contractType === CONTRACT_TYPE.erc1155;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3" data-testid="collection-offers">
      <p className="text-sm text-slate-400" data-testid="collection-best-offer">
        {t('offer.bestCollection')}{' '}
        <span className="font-semibold text-white tabular-nums">
          {best ? `${fmt.price(best.price)} ${best.coin}` : '–'}
        </span>
      </p>
      <ActionButton
        kind="secondary"
        testId="action-collection-offer"
        onClick={() => setOpen('collection')}
      >
        {t('offer.actions.collection')}
      </ActionButton>
      <ActionButton kind="secondary" testId="action-trait-offer" onClick={() => setOpen('trait')}>
        {t('offer.actions.trait')}
      </ActionButton>
      {open === 'collection' && (
        <MakeOfferModal
          target={{ kind: OFFER_KIND.collection, contractAddr, erc1155 }}
          name={collection.name}
          unitsCap={BigInt(Math.max(collection.totalTokens, 1))}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'trait' && (
        <TraitOfferDialog
          contractAddr={contractAddr}
          erc1155={erc1155}
          name={collection.name}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}

/**
 * A trait offer: the attribute value first, then (once the server has built its token set and
 * Merkle root, which the offer signs) the offer form for it.
 */
function TraitOfferDialog({
  contractAddr,
  erc1155,
  name,
  onClose,
}: {
  contractAddr: string;
  erc1155: boolean;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const draftKey = offerDraftKey({ kind: OFFER_KIND.trait, contractAddr });
  // A visitor's draft brings its attribute value back, straight to the offer form.
  const [kept] = useState(() =>
    isSignedIn(getSession()) ? (peekOfferDraft(draftKey)?.trait ?? null) : null,
  );
  const [choice, setChoice] = useState<TraitChoice>(kept ?? { category: null, value: null });
  const [confirmed, setConfirmed] = useState(kept !== null);
  const close = () => {
    clearOfferDraft(draftKey);
    onClose();
  };
  const valueId = choice.value?.id ?? null;
  const set = useQuery({
    queryKey: ['offer', 'trait-set', contractAddr, valueId],
    queryFn: ({ signal }) => fetchTraitSet({ contractAddr, valueId: valueId! }, signal),
    enabled: valueId !== null,
  });
  const tooMany = set.data !== undefined && set.data.tokenIds.length > OFFER_LIMITS.maxTraitTokens;
  const usable = set.data !== undefined && set.data.tokenIds.length > 0 && !tooMany;

  if (confirmed && usable && set.data && choice.category && choice.value) {
    return (
      <MakeOfferModal
        target={{
          kind: OFFER_KIND.trait,
          contractAddr,
          erc1155,
          valueId: set.data.valueId,
          root: set.data.root,
        }}
        name={name}
        unitsCap={BigInt(set.data.tokenIds.length)}
        traitLabel={{
          trait: `${choice.category.name}: ${choice.value.name}`,
          tokens: set.data.tokenIds.length,
        }}
        traitChoice={choice}
        onClose={onClose}
      />
    );
  }
  return (
    <TradeDialog
      title={t('offer.make.titleTrait')}
      description={name}
      onClose={close}
      testId="trait-offer-modal"
      submit={{
        label: t('offer.trait.continue'),
        testId: 'trait-continue',
        disabled: !usable,
        onSubmit: () => setConfirmed(true),
      }}
    >
      <TraitPicker contractAddr={contractAddr} choice={choice} onChange={setChoice} />
      {valueId !== null && set.isPending && (
        <p role="status" className="mt-3 text-xs text-slate-400">
          {t('offer.trait.loading')}
        </p>
      )}
      {tooMany && (
        <p role="alert" className="mt-3 text-xs text-rose-300">
          {t('offer.trait.tooMany')}
        </p>
      )}
    </TradeDialog>
  );
}

/**
 * The collection page's Offers tab: its active collection and trait offers, best first. Any
 * signed-in holder may accept one with a token of theirs (the dialog checks the holding).
 */
export function CollectionOffersTab({ collection }: { collection: CollectionDetailVO }) {
  const { t } = useTranslation();
  const { address } = useSession();
  const contractAddr = collection.contractAddr.toLowerCase();
  return (
    <OffersTable
      queryKey={['collection', contractAddr]}
      fetchPage={(page, signal) => fetchCollectionOffers({ contractAddr, page }, signal)}
      canAccept={() => address !== null}
      emptyLabel={t('offer.empty.collection')}
      testId="collection-offers-list"
    />
  );
}
