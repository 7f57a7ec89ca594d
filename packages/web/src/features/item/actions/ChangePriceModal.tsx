import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { parseUnits } from 'viem';
import { checkListingPrice, formatPrice, type OrderVO } from '@aiamarket/shared';
import { TradeDialog, TxStatus, buttonClass, useTxFlow } from '../../../components/trade';
import { modifyPrice } from '../../../lib/chain';
import { notifyPriceChange } from './api';
import { ABOVE_ZERO, NUMBERS_ONLY, PriceField, useRuleText } from './PriceField';

/**
 * Update price (spec section 4): modifyPrice on chain, then POST nftOrder/changePrice, then the
 * dialog closes and the page refreshes. Same price rules as listing; confirm waits for an edit.
 */
export function ChangePriceModal({ order, onClose }: { order: OrderVO; onClose: () => void }) {
  const { t } = useTranslation();
  const ruleText = useRuleText();
  const flow = useTxFlow();
  const [price, setPrice] = useState('');
  const [edited, setEdited] = useState(false);
  const [typingError, setTypingError] = useState<string | null>(null);
  const check = checkListingPrice(price, order.coinDecimals);
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
        price: `${formatPrice(order.price)} ${order.coin}`,
      })}
      onClose={onClose}
      busy={flow.busy}
      testId="change-price-modal"
    >
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
        onRefused={() => setTypingError(ruleText(NUMBERS_ONLY))}
        onBlurZero={() => {
          setPrice('');
          setTypingError(ruleText(ABOVE_ZERO));
        }}
      />
      <TxStatus state={flow.state} />
      <div className="mt-6 flex justify-end">
        <button
          type="button"
          data-testid="change-price-confirm"
          disabled={!edited || !check.ok || flow.busy}
          onClick={() => void submit()}
          className={buttonClass.primary}
        >
          {flow.busy ? t('trade.tx.working') : t('trade.changePrice.submit')}
        </button>
      </div>
    </TradeDialog>
  );
}
