import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { formatUnits, type Address } from 'viem';
import {
  CONTRACT_TYPE,
  ORDER_KIND,
  buyQuantityOnBlur,
  checkBuyQuantity,
  stepBuyQuantity,
  typedBuyQuantity,
  type OrderVO,
} from '@aiamarket/shared';
import { TradeDialog, TradeSuccess, buttonClass } from '../../../components/trade';
import { useLocaleFormat } from '../../../lib/localeFormat';
import { useTxFlow } from '../../../lib/tx-flow';
import { buyItem } from '../../../lib/chain';
import { buySignedListing } from '../../../lib/chain/listings';
import { useRuleText } from './PriceField';

/**
 * Buy (spec sections 4 and 5): ERC1155 quantity from 1 to what is left (typed values capped, 0
 * becomes 1 on blur); the stable coin is approved first when the allowance is short, AIA goes
 * as the value; the buy carries the hash of the price shown here. A signed listing is
 * bought through Listings.buy with its signed terms, in the same steps.
 */
export function BuyModal({ order, onClose }: { order: OrderVO; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const fmt = useLocaleFormat();
  const ruleText = useRuleText();
  const id = useId();
  const flow = useTxFlow();
  const left = Number(order.leftAmount);
  const is1155 = order.contractType === CONTRACT_TYPE.erc1155;
  const [typed, setTyped] = useState('1');
  const quantity = is1155 ? Number(typed || 0) : 1;
  const check = checkBuyQuantity(quantity, left);
  // The stepper starts from a whole number; text the rule refuses ("1,5") counts as 1.
  const stepFrom = Number.isInteger(quantity) ? quantity : 1;
  const total = BigInt(order.priceWei) * BigInt(check.ok ? check.value : 0);

  const submit = async () => {
    if (!check.ok) return;
    const signed = order.kind === ORDER_KIND.signed ? order.signed : null;
    const ok = await flow.run((wallet, onHash) =>
      signed
        ? buySignedListing(wallet, signed, BigInt(check.value), onHash)
        : buyItem(
            wallet,
            {
              orderId: BigInt(order.orderId),
              nft: order.contractAddr as Address,
              tokenId: BigInt(order.tokenId),
              priceWei: BigInt(order.priceWei),
              coin: order.moneyAddr as Address,
              quantity: BigInt(check.value),
            },
            onHash,
          ),
    );
    if (ok) toast.success(t('trade.buy.success'));
  };

  return (
    <TradeDialog
      title={t('trade.buy.title')}
      description={order.name ?? order.nftMetadata?.name ?? undefined}
      onClose={onClose}
      flow={flow}
      testId="buy-modal"
      success={<TradeSuccess testId="buy-success">{t('trade.buy.success')}</TradeSuccess>}
      submit={{
        label: t('trade.buy.submit'),
        testId: 'buy-confirm',
        disabled: !check.ok,
        onSubmit: () => void submit(),
      }}
    >
      <p className="mt-4 text-sm text-slate-300">
        {t('trade.buy.unitPrice')}{' '}
        <span data-testid="buy-unit-price" className="font-semibold text-white">
          {fmt.price(order.price)} {order.coin}
        </span>
      </p>
      {is1155 && (
        <div className="mt-4">
          <label htmlFor={id} className="text-sm font-medium text-slate-200">
            {t('trade.buy.quantity')}{' '}
            <span className="text-slate-400">{t('trade.buy.left', { count: left })}</span>
          </label>
          <div className="mt-1 flex items-center gap-2">
            <button
              type="button"
              aria-label={t('trade.buy.decrease')}
              className={buttonClass.secondary}
              disabled={stepFrom <= 1 || flow.busy}
              onClick={() => setTyped(String(stepBuyQuantity(stepFrom, -1, left)))}
            >
              −
            </button>
            <input
              id={id}
              data-testid="buy-quantity"
              inputMode="numeric"
              value={typed}
              onChange={(e) => setTyped(typedBuyQuantity(e.target.value, left, i18n.language))}
              onBlur={() => setTyped(buyQuantityOnBlur(typed))}
              className="h-11 w-24 rounded-xl border border-white/15 bg-ink-950 text-center text-slate-100"
            />
            <button
              type="button"
              aria-label={t('trade.buy.increase')}
              className={buttonClass.secondary}
              disabled={stepFrom >= left || flow.busy}
              onClick={() => setTyped(String(stepBuyQuantity(stepFrom, 1, left)))}
            >
              +
            </button>
          </div>
          {!check.ok && typed !== '' && (
            <p role="alert" className="mt-1 text-xs text-rose-300">
              {ruleText(check.message)}
            </p>
          )}
        </div>
      )}
      <p className="mt-5 flex justify-between text-sm font-semibold">
        <span>{t('trade.buy.total')}</span>
        <span data-testid="buy-total">
          {fmt.price(formatUnits(total, order.coinDecimals))} {order.coin}
        </span>
      </p>
    </TradeDialog>
  );
}
