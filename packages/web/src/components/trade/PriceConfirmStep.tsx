import { useTranslation } from 'react-i18next';
import { localizeDecimal, useLocaleFormat } from '../../lib/localeFormat';
import type { FloorWarning } from './floor';
import { FloorWarningNote } from './FloorWarningNote';

/**
 * The step between the form and the wallet in listing, price change and bulk listing: the exact price and
 * coin as they will go on chain (every decimal, in the reader's separators), the amount of an
 * ERC1155 listing, and a warning when the price is far from the collection floor.
 */
export function PriceConfirmStep({
  testId,
  price,
  symbol,
  amount,
  warning,
}: {
  testId: string;
  /** Plain decimal text in whole coins ("1.5"). */
  price: string;
  symbol: string;
  amount?: bigint | null;
  warning: FloorWarning;
}) {
  const { t, i18n } = useTranslation();
  const fmt = useLocaleFormat();
  return (
    <div data-testid={testId} className="mt-4 space-y-3 text-sm">
      <p className="font-semibold text-slate-100">{t('trade.confirm.title')}</p>
      <dl className="space-y-1.5 rounded-xl border border-white/10 bg-white/5 p-3">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-400">{t('trade.confirm.price')}</dt>
          <dd data-testid="confirm-price" className="font-semibold break-all text-white">
            {localizeDecimal(i18n.language, price)} {symbol}
          </dd>
        </div>
        {amount !== undefined && amount !== null && (
          <div className="flex justify-between gap-4">
            <dt className="text-slate-400">{t('trade.confirm.amount')}</dt>
            <dd data-testid="confirm-amount">{fmt.integer(amount.toString())}</dd>
          </div>
        )}
      </dl>
      <FloorWarningNote
        warning={warning}
        className="rounded-xl border border-amber-400/40 bg-amber-500/10 p-3 text-amber-100"
      />
    </div>
  );
}
