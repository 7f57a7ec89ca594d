import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { formatUnits, type Address } from 'viem';
import { buttonClass } from '../../components/trade/classes';
import { readWrappedBalance, unwrapAia } from '../../lib/chain/offers';
import { useLocaleFormat } from '../../lib/localeFormat';
import { TxStatus, useTxFlow } from '../../lib/tx-flow';

/** Wrapped AIA has the native coin's 18 decimals (WrappedAIA.sol). */
const WAIA_DECIMALS = 18;

/**
 * The account owner's wrapped AIA with an Unwrap action: an accepted AIA offer pays the seller
 * in WAIA and a cancelled offer leaves the offerer's WAIA behind; withdraw turns all of it back
 * into AIA in one transaction. Hidden while there is none.
 */
export function WrappedBalance({ owner }: { owner: string }) {
  const { t } = useTranslation();
  const fmt = useLocaleFormat();
  const flow = useTxFlow();
  const queryClient = useQueryClient();
  const key = ['account', owner, 'wrapped-balance'];
  const balance = useQuery({
    queryKey: key,
    queryFn: () => readWrappedBalance(owner as Address),
  });
  const wei = balance.data ?? 0n;
  // Hidden only before any unwrap: once one started, the box and its status stay until it ends.
  if (wei === 0n && flow.state.phase === 'idle') return null;

  const unwrap = async () => {
    const ok = await flow.run((wallet, onHash) => unwrapAia(wallet, wei, onHash));
    if (!ok) return;
    toast.success(t('account.wrapped.done'));
    void queryClient.invalidateQueries({ queryKey: key });
  };

  return (
    <section
      data-testid="wrapped-balance"
      aria-label={t('account.wrapped.title')}
      className="mt-6 rounded-xl border border-white/10 bg-ink-900 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-white">{t('account.wrapped.title')}</p>
          <p className="text-xs text-slate-400">{t('account.wrapped.hint')}</p>
        </div>
        <div className="flex items-center gap-3">
          <span data-testid="wrapped-amount" className="font-semibold text-white tabular-nums">
            {fmt.price(formatUnits(wei, WAIA_DECIMALS))} WAIA
          </span>
          <button
            type="button"
            data-testid="wrapped-unwrap"
            disabled={wei === 0n || flow.busy}
            onClick={() => void unwrap()}
            className={buttonClass.primary}
          >
            {flow.busy ? t('trade.tx.working') : t('account.wrapped.unwrap')}
          </button>
        </div>
      </div>
      <TxStatus state={flow.state} />
    </section>
  );
}
