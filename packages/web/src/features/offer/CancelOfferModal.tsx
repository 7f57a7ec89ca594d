import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Hex } from 'viem';
import type { OfferVO } from '@aiamarket/shared';
import { TradeDialog, buttonClass } from '../../components/trade';
import { cancelAllOffers, cancelOffers } from '../../lib/chain/offers';
import { TxStatus, useTxFlow } from '../../lib/tx-flow';

/**
 * Cancel one offer (`offer`) with cancelOffers, or every offer the wallet signed so far (no
 * `offer`: Cancel all, incrementCounter). A signed offer stays valid until the contract records
 * the cancel, so both are transactions; the lists refresh once the indexer has them.
 */
export function CancelOfferModal({ offer, onClose }: { offer?: OfferVO; onClose: () => void }) {
  const { t } = useTranslation();
  const flow = useTxFlow();
  const done = flow.state.phase === 'done';
  const texts = offer ? 'offer.cancel' : 'offer.cancelAll';

  const submit = async () => {
    const ok = await flow.run((wallet, onHash) =>
      offer
        ? cancelOffers(wallet, [offer.orderHash as Hex], onHash)
        : cancelAllOffers(wallet, onHash),
    );
    if (ok) toast.success(t(`${texts}.success`));
  };

  return (
    <TradeDialog
      title={t(`${texts}.title`)}
      description={offer ? (offer.name ?? offer.collectionName ?? undefined) : undefined}
      onClose={onClose}
      busy={flow.busy}
      testId={offer ? 'cancel-offer-modal' : 'cancel-all-offers-modal'}
    >
      <p className="mt-4 text-sm text-slate-300" data-testid="cancel-offer-body">
        {done ? t(`${texts}.success`) : t(`${texts}.body`)}
      </p>
      <TxStatus state={flow.state} />
      <div className="mt-6 flex justify-end gap-3">
        {done ? (
          <button type="button" className={buttonClass.primary} onClick={onClose}>
            {t('trade.actions.close')}
          </button>
        ) : (
          <button
            type="button"
            data-testid="cancel-offer-submit"
            disabled={flow.busy}
            onClick={() => void submit()}
            className={buttonClass.danger}
          >
            {flow.busy ? t('trade.tx.working') : t(`${texts}.submit`)}
          </button>
        )}
      </div>
    </TradeDialog>
  );
}
