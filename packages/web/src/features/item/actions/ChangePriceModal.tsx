import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { parseUnits } from 'viem';
import { checkChangedPrice, type OrderVO } from '@aiamarket/shared';
import { TradeDialog } from '../../../components/trade';
import { TxStatus, useTxFlow } from '../../../lib/tx-flow';
import { modifyPrice } from '../../../lib/chain';
import { useLocaleFormat } from '../../../lib/localeFormat';
import { notifyPriceChange } from './api';
import { floorWarning, useFloorAndRate } from './floor';
import { PriceField, usePriceEntry } from './PriceField';
import { PriceConfirmStep } from './PriceConfirmStep';
import { ReviewActions } from './ReviewActions';

/**
 * Update price (spec section 4): modifyPrice on chain, then POST nftOrder/changePrice, then the
 * dialog closes and the page refreshes. Same price rules as listing; review waits for an edit,
 * and the new price is confirmed exactly (with the floor warning) before the wallet signs.
 */
export function ChangePriceModal({ order, onClose }: { order: OrderVO; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const fmt = useLocaleFormat();
  const flow = useTxFlow();
  const priceEntry = usePriceEntry();
  const [confirming, setConfirming] = useState(false);
  // The current price again would be a transaction that changes nothing: refused here.
  const check = checkChangedPrice(
    priceEntry.price,
    BigInt(order.priceWei),
    order.coinDecimals,
    i18n.language,
  );
  const { floor, rate } = useFloorAndRate(order, order.moneyAddr);
  const error = priceEntry.errorOf(check);

  const submit = async () => {
    if (!check.ok) return;
    const newPrice = check.value;
    const ok = await flow.run(
      (wallet, onHash) =>
        modifyPrice(
          wallet,
          BigInt(order.orderId),
          parseUnits(newPrice, order.coinDecimals),
          onHash,
        ),
      () => notifyPriceChange({ id: order.orderId, tokenId: order.tokenId, price: newPrice }),
    );
    if (!ok) return;
    toast.success(t('trade.changePrice.success'));
    onClose();
  };

  return (
    <TradeDialog
      title={t('trade.changePrice.title')}
      description={t('trade.changePrice.current', {
        price: `${fmt.price(order.price)} ${order.coin}`,
      })}
      onClose={onClose}
      busy={flow.busy}
      testId="change-price-modal"
    >
      {confirming && check.ok ? (
        <PriceConfirmStep
          testId="change-price-confirm-step"
          price={check.value}
          symbol={order.coin}
          warning={floorWarning(check.value, rate, floor)}
        />
      ) : (
        <PriceField
          label={t('trade.changePrice.newPrice')}
          {...priceEntry.fieldProps}
          symbol={order.coin}
          error={error}
        />
      )}
      <TxStatus state={flow.state} />
      <div className="mt-6 flex justify-end gap-3">
        <ReviewActions
          confirming={confirming}
          busy={flow.busy}
          onReview={() => setConfirming(true)}
          onBack={() => setConfirming(false)}
          onConfirm={() => void submit()}
          reviewLabel={t('trade.changePrice.review')}
          confirmLabel={t('trade.changePrice.submit')}
          reviewTestId="change-price-review"
          confirmTestId="change-price-confirm"
          reviewDisabled={!priceEntry.edited || !check.ok}
          confirmDisabled={!check.ok}
        />
      </div>
    </TradeDialog>
  );
}
