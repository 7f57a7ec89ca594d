import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import type { Hex } from 'viem';
import type { OfferVO } from '@aiamarket/shared';
import { TradeDialog } from '../../components/trade';
import { cancelAllOffers, cancelOffers } from '../../lib/chain/offers';
import { useTxFlow } from '../../lib/tx-flow';

/**
 * Cancel one offer (`offer`) with cancelOffers, or every offer the wallet signed so far (no
 * `offer`: Cancel all, incrementCounter). A signed offer stays valid until the contract records
 * the cancel, so both are transactions; the lists refresh once the indexer has them.
 */
export function CancelOfferModal({ offer, onClose }: { offer?: OfferVO; onClose: () => void }) {
  const { t } = useTranslation();
  const flow = useTxFlow();
  const texts = offer ? 'offer.cancel' : 'offer.cancelAll';

  const submit = async () => {
    const ok = await flow.run((wallet, onHash) =>
      offer
        ? cancelOffers(wallet, [offer.orderHash as Hex], onHash)
        : cancelAllOffers(wallet, onHash),
    );
    if (ok) toast.success(t(`${texts}.success`));
  };

  // One paragraph says what the cancel does, then that it is done.
  const body = (text: string) => (
    <p className="mt-4 text-sm text-slate-300" data-testid="cancel-offer-body">
      {text}
    </p>
  );
  return (
    <TradeDialog
      title={t(`${texts}.title`)}
      description={offer ? (offer.name ?? offer.collectionName ?? undefined) : undefined}
      onClose={onClose}
      flow={flow}
      testId={offer ? 'cancel-offer-modal' : 'cancel-all-offers-modal'}
      success={body(t(`${texts}.success`))}
      submit={{
        label: t(`${texts}.submit`),
        testId: 'cancel-offer-submit',
        variant: 'danger',
        onSubmit: () => void submit(),
      }}
    >
      {body(t(`${texts}.body`))}
    </TradeDialog>
  );
}
