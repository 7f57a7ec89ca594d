import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { ORDER_KIND, type OrderVO } from '@aiamarket/shared';
import type { Hex } from 'viem';
import { TradeDialog } from '../../../components/trade';
import { useTxFlow } from '../../../lib/tx-flow';
import { cancelListing } from '../../../lib/chain';
import { cancelSignedListings } from '../../../lib/chain/listings';
import { useSession } from '../../../lib/session';

/**
 * Cancel (spec section 4): cancel on chain (it costs gas), toast, then the seller's account page.
 * A signed listing is cancelled by its order hash on the Listings contract.
 */
export function CancelModal({ order, onClose }: { order: OrderVO; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { address } = useSession();
  const flow = useTxFlow();

  const submit = async () => {
    const ok = await flow.run((wallet, onHash) =>
      order.kind === ORDER_KIND.signed && order.signed
        ? cancelSignedListings(wallet, [order.signed.orderHash as Hex], onHash)
        : cancelListing(wallet, BigInt(order.orderId), onHash),
    );
    if (!ok) return;
    toast.success(t('trade.cancel.success'));
    onClose();
    if (address) void navigate(`/account/0/${address}`);
  };

  return (
    <TradeDialog
      title={t('trade.cancel.title')}
      description={t('trade.cancel.body')}
      onClose={onClose}
      flow={flow}
      testId="cancel-modal"
      back
      submit={{
        label: t('trade.cancel.submit'),
        testId: 'cancel-confirm',
        variant: 'danger',
        onSubmit: () => void submit(),
      }}
    />
  );
}
