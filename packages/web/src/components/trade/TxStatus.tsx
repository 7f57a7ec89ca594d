import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { loadAppConfig } from '../../lib/appConfig';
import { explorerTxUrl } from '../../lib/chain';
import type { TxState } from './useTxFlow';

/**
 * Where a trading action stands: waiting for the wallet, the pending transaction with its hash
 * and explorer link, waiting for the indexer, confirmed, or the translated error.
 */
export function TxStatus({ state }: { state: TxState }) {
  const { t } = useTranslation();
  const app = useQuery({ queryKey: ['app-config'], queryFn: loadAppConfig, staleTime: Infinity });
  if (state.phase === 'idle') return null;
  const link = state.hash && app.data ? explorerTxUrl(app.data.chain, state.hash) : null;
  const tone =
    state.phase === 'error'
      ? 'border-rose-400/40 bg-rose-500/10 text-rose-200'
      : state.phase === 'done'
        ? 'border-emerald-400/40 bg-emerald-500/10 text-emerald-200'
        : 'border-white/10 bg-white/5 text-slate-200';
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="tx-status"
      data-phase={state.phase}
      data-hash={state.hash ?? undefined}
      className={`mt-4 rounded-xl border p-3 text-sm ${tone}`}
    >
      <p className="font-medium">
        {state.phase === 'wallet' && t('trade.tx.waitingWallet')}
        {state.phase === 'pending' &&
          t('trade.tx.pending', { step: t(`trade.tx.steps.${state.step ?? 'list'}`) })}
        {state.phase === 'indexing' && t('trade.tx.indexing')}
        {state.phase === 'done' && t('trade.tx.confirmed')}
        {state.phase === 'error' &&
          state.error &&
          (t(state.error.key as 'launchpad.transactionErr', state.error.values ?? {}) as string)}
      </p>
      {state.hash && state.phase !== 'error' && (
        <p className="mt-1 truncate font-mono text-xs text-slate-400">
          {t('trade.tx.hash')}{' '}
          {link ? (
            <a
              href={link}
              target="_blank"
              rel="noreferrer"
              data-testid="tx-explorer-link"
              className="text-brand-300 underline"
            >
              {state.hash}
            </a>
          ) : (
            <span data-testid="tx-hash">{state.hash}</span>
          )}
        </p>
      )}
    </div>
  );
}
