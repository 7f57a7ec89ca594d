import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { MAX_SWEEP, type SweepQuoteVO } from '@aiamarket/shared';
import { buttonClass } from '../../components/trade/classes';
import { errorText } from '../../lib/errors';
import { isSignedIn, openConnectDialog, useSession } from '../../lib/session';
import { fetchSweepQuote } from './api';
import { CheckoutDialog } from './CheckoutDialog';

/** The whole number 1..MAX_SWEEP typed, or null. */
function sweepCount(typed: string): number | null {
  if (!/^\d{1,2}$/.test(typed)) return null;
  const n = Number(typed);
  return n >= 1 && n <= MAX_SWEEP ? n : null;
}

/**
 * "Sweep the N cheapest" of a collection page: the count, then the quote (the N cheapest
 * buyable listings with their total per coin and in the reference unit) shown before the
 * wallet is asked, then the cart's checkout of exactly those listings.
 */
export function SweepControl({ contractAddr }: { contractAddr: string }) {
  const { t } = useTranslation();
  const id = useId();
  const session = useSession();
  const [typed, setTyped] = useState('5');
  const [loading, setLoading] = useState(false);
  const [quote, setQuote] = useState<SweepQuoteVO | null>(null);
  const count = sweepCount(typed);

  const review = async () => {
    if (count === null) return;
    if (!isSignedIn(session)) {
      toast.error(t('errors.notLoggedIn'));
      openConnectDialog();
      return;
    }
    setLoading(true);
    try {
      const q = await fetchSweepQuote({ contractAddr: contractAddr.toLowerCase(), count });
      if (q.records.length === 0) toast.error(t('cart.sweep.none'));
      else setQuote(q);
    } catch (error) {
      toast.error(errorText(error, t));
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="flex items-end gap-2" data-testid="sweep-control">
      <div>
        <label htmlFor={id} className="block text-xs font-medium text-slate-300">
          {t('cart.sweep.count', { max: MAX_SWEEP })}
        </label>
        <input
          id={id}
          data-testid="sweep-count"
          inputMode="numeric"
          value={typed}
          aria-invalid={count === null}
          onChange={(e) => setTyped(e.target.value.trim())}
          className="mt-1 h-11 w-20 rounded-xl border border-white/15 bg-ink-950 text-center text-slate-100 aria-[invalid=true]:border-rose-400"
        />
      </div>
      <button
        type="button"
        data-testid="sweep-review"
        disabled={count === null || loading}
        onClick={() => void review()}
        className={buttonClass.primary}
      >
        {t('cart.sweep.button', { count: count ?? 0 })}
      </button>
      {quote && (
        <CheckoutDialog
          title={t('cart.sweep.title', {
            count: quote.records.reduce((n, r) => n + Number(r.units), 0),
          })}
          testId="sweep-dialog"
          orders={quote.records}
          totalRef={quote.totalRef}
          onClose={() => setQuote(null)}
        />
      )}
    </div>
  );
}
