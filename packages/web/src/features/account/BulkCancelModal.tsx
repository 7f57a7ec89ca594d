import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import type { Hex } from 'viem';
import { TradeDialog, TradeSuccess } from '../../components/trade';
import { cancelAllListings, cancelSignedListings } from '../../lib/chain/listings';
import { useTxFlow } from '../../lib/tx-flow';

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
      flow={flow}
      testId="bulk-cancel-modal"
      back
      success={<TradeSuccess testId="bulk-cancel-success">{t('bulk.cancel.success')}</TradeSuccess>}
      submit={{
        label: t('bulk.cancel.submit'),
        testId: 'bulk-cancel-confirm',
        variant: 'danger',
        onSubmit: () => void submit(),
      }}
    />
  );
}
