import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Hex } from 'viem';
import { TradeDialog, buttonClass } from '../../components/trade';
import { cancelAllListings, cancelSignedListings } from '../../lib/chain/listings';
import { TxStatus, useTxFlow } from '../../lib/tx-flow';

/**
 * Cancels signed listings in one transaction: the selected ones by their order hashes
 * (cancelListings), or every one the wallet signed so far by raising its counter.
 */
export function BulkCancelModal({
  hashes,
  onClose,
}: {
  /** The order hashes to cancel, or 'all'. */
  hashes: readonly Hex[] | 'all';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const flow = useTxFlow();
  const all = hashes === 'all';
  const done = flow.state.phase === 'done';
  const submit = async () => {
    const ok = await flow.run((wallet, onHash) =>
      all ? cancelAllListings(wallet, onHash) : cancelSignedListings(wallet, hashes, onHash),
    );
    if (ok) toast.success(t('bulk.cancel.success'));
  };
  return (
    <TradeDialog
      title={all ? t('bulk.cancel.allTitle') : t('bulk.cancel.title', { count: hashes.length })}
      description={all ? t('bulk.cancel.allBody') : t('bulk.cancel.body')}
      onClose={onClose}
      busy={flow.busy}
      testId="bulk-cancel-modal"
    >
      {done && (
        <p data-testid="bulk-cancel-success" className="mt-4 text-emerald-300">
          {t('bulk.cancel.success')}
        </p>
      )}
      <TxStatus state={flow.state} />
      <div className="mt-6 flex justify-end gap-3">
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={flow.busy}
          onClick={onClose}
        >
          {done ? t('trade.actions.close') : t('trade.actions.back')}
        </button>
        {!done && (
          <button
            type="button"
            data-testid="bulk-cancel-confirm"
            disabled={flow.busy}
            onClick={() => void submit()}
            className={buttonClass.danger}
          >
            {flow.busy ? t('trade.tx.working') : t('bulk.cancel.submit')}
          </button>
        )}
      </div>
    </TradeDialog>
  );
}
