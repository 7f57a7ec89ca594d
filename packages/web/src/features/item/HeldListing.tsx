import { useTranslation } from 'react-i18next';
import { ORDER_HOLD, type OrderVO } from '@aiamarket/shared';
import { buttonClass } from '../../components/trade/classes';
import { useLocaleFormat } from '../../lib/localeFormat';

/**
 * A listing the market holds back (its coin not accepted now, or the market paused): its price,
 * why it cannot be bought, and a Buy that cannot be pressed. It comes back once the market allows
 * it again (the item detail then has it as its listed order).
 */
export function HeldListing({ order }: { order: OrderVO }) {
  const { t } = useTranslation();
  const fmt = useLocaleFormat();
  const reason = order.hold === ORDER_HOLD.paused ? t('item.hold.paused') : t('item.hold.coin');
  return (
    <div className="mt-3 flex flex-col gap-2" data-testid="item-held-listing">
      <p className="text-sm text-slate-300 tabular-nums">
        {fmt.price(order.price)} <span className="text-slate-400">{order.coin}</span>
      </p>
      <p role="status" className="text-sm text-amber-300" data-testid="item-hold-reason">
        {reason}
      </p>
      <div>
        <button
          type="button"
          disabled
          data-testid="action-buy-held"
          className={buttonClass.primary + ' cursor-not-allowed opacity-60'}
        >
          {t('trade.actions.buy')}
        </button>
      </div>
    </div>
  );
}
