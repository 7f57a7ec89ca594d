import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { parseUnits } from 'viem';
import { checkChangedPrice, type OrderVO } from '@aiamarket/shared';
import { TradeDialog } from '../../../components/trade';
import { useTxFlow } from '../../../lib/tx-flow';
import { modifyPrice } from '../../../lib/chain';
import { useLocaleFormat } from '../../../lib/localeFormat';
import { notifyPriceChange } from './api';
import { floorWarning, useFloorAndRate } from './floor';
import { PriceField, usePriceEntry } from './PriceField';
import { PriceConfirmStep } from './PriceConfirmStep';

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
      flow={flow}
      testId="change-price-modal"
      review={{
        label: t('trade.changePrice.review'),
        testId: 'change-price-review',
        disabled: !priceEntry.edited || !check.ok,
        renderStep: () =>
          check.ok ? (
            <PriceConfirmStep
              testId="change-price-confirm-step"
              price={check.value}
              symbol={order.coin}
              warning={floorWarning(check.value, rate, floor)}
            />
          ) : null,
      }}
      submit={{
        label: t('trade.changePrice.submit'),
        testId: 'change-price-confirm',
        disabled: !check.ok,
        onSubmit: () => void submit(),
      }}
    >
      <PriceField
        label={t('trade.changePrice.newPrice')}
        {...priceEntry.fieldProps}
        symbol={order.coin}
        error={error}
      />
    </TradeDialog>
  );
}
