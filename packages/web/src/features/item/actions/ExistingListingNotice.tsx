import { useTranslation } from 'react-i18next';
import type { OrderVO } from '@aiamarket/shared';
import { buttonClass } from '../../../components/trade/classes';
import { useLocaleFormat } from '../../../lib/localeFormat';

/**
 * The seller's live listing of this ERC1155 item, shown in the list dialog: the market keeps one
 * listing per seller and token, so listing again cancels it. Offers Update price instead.
 */
export function ExistingListingNotice({
  order,
  onUpdatePrice,
}: {
  order: OrderVO;
  onUpdatePrice: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useLocaleFormat();
  return (
    <div
      role="note"
      data-testid="list-existing"
      className="mt-4 rounded-xl border border-amber-400/30 bg-amber-400/10 p-3 text-sm text-amber-100"
    >
      <p>
        {t('trade.list.replaces', {
          amount: fmt.integer(order.leftAmount),
          price: fmt.price(order.price),
          coin: order.coin,
        })}
      </p>
      <button
        type="button"
        data-testid="list-update-instead"
        className={`${buttonClass.secondary} mt-3 h-9 px-4 text-xs`}
        onClick={onUpdatePrice}
      >
        {t('trade.list.updateInstead')}
      </button>
    </div>
  );
}
