import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { ORDER_STATUS } from '@aiamarket/shared';
import { cancelListing } from '../../lib/chain';
import { TxStatus, useTxFlow } from '../../lib/tx-flow';

/**
 * Force cancel of a stale listing (the seller no longer holds what it lists, status 3 in the
 * account's force-cancel list): cancelMarketItem by whoever presses it, then the list refreshes.
 */
export function ForceCancelButton({
  order,
  onDone,
}: {
  order: { orderId: string; status: number };
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const flow = useTxFlow();
  // Once cancelled here the button goes at once: the listing cannot be cancelled twice, even
  // while the refreshed list still carries it.
  if (order.status !== ORDER_STATUS.forceCancel || flow.state.phase === 'done') return null;
  const press = async () => {
    const ok = await flow.run((wallet, onHash) =>
      cancelListing(wallet, BigInt(order.orderId), onHash),
    );
    if (ok) {
      toast.success(t('trade.forceCancel.success'));
      onDone?.();
    }
  };
  return (
    <div data-testid={`force-cancel-${order.orderId}`}>
      <button
        type="button"
        onClick={() => void press()}
        disabled={flow.busy}
        className="inline-flex h-9 items-center rounded-full border border-rose-400/50 px-4 text-xs font-semibold text-rose-200 hover:bg-rose-500/10 disabled:opacity-40"
      >
        {flow.busy ? t('trade.tx.working') : t('trade.forceCancel.button')}
      </button>
      {flow.state.phase !== 'idle' && <TxStatus state={flow.state} />}
    </div>
  );
}
