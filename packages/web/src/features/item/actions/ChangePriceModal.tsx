import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { parseUnits } from 'viem';
import { checkListingPrice, type OrderVO } from '@aiamarket/shared';
import { TradeDialog, TxStatus, buttonClass, useTxFlow } from '../../../components/trade';
import { modifyPrice } from '../../../lib/chain';
import { useLocaleFormat } from '../../../lib/localeFormat';
import { notifyPriceChange } from './api';
import { floorWarning, useFloorAndRate } from './floor';
import { ABOVE_ZERO, PriceField, useRuleText } from './PriceField';
import { PriceConfirmStep } from './PriceConfirmStep';

/**
 * Update price (spec section 4): modifyPrice on chain, then POST nftOrder/changePrice, then the
 * dialog closes and the page refreshes. Same price rules as listing; review waits for an edit,
 * and the new price is confirmed exactly (with the floor warning) before the wallet signs.
 */
export function ChangePriceModal({ order, onClose }: { order: OrderVO; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const fmt = useLocaleFormat();
  const ruleText = useRuleText();
  const flow = useTxFlow();
  const [price, setPrice] = useState('');
  const [edited, setEdited] = useState(false);
  const [typingError, setTypingError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const check = checkListingPrice(price, order.coinDecimals, i18n.language);
  const { floor, rate } = useFloorAndRate(order, order.moneyAddr);
  const error = typingError ?? (edited && !check.ok ? ruleText(check.message) : null);

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
          value={price}
          symbol={order.coin}
          error={error}
          onChange={(v) => {
            setPrice(v);
            setEdited(true);
            setTypingError(null);
          }}
          onBlurZero={() => {
            setPrice('');
            setTypingError(ruleText(ABOVE_ZERO));
          }}
        />
      )}
      <TxStatus state={flow.state} />
      <div className="mt-6 flex justify-end gap-3">
        {confirming ? (
          <>
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={flow.busy}
              onClick={() => setConfirming(false)}
            >
              {t('trade.actions.back')}
            </button>
            <button
              type="button"
              data-testid="change-price-confirm"
              disabled={!check.ok || flow.busy}
              onClick={() => void submit()}
              className={buttonClass.primary}
            >
              {flow.busy ? t('trade.tx.working') : t('trade.changePrice.submit')}
            </button>
          </>
        ) : (
          <button
            type="button"
            data-testid="change-price-review"
            disabled={!edited || !check.ok}
            onClick={() => setConfirming(true)}
            className={buttonClass.primary}
          >
            {t('trade.changePrice.review')}
          </button>
        )}
      </div>
    </TradeDialog>
  );
}
