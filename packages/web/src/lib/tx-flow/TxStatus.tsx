import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Hash } from 'viem';
import { loadAppConfig } from '../appConfig';
import { explorerTxUrl } from '../chain';
import { txErrorMessage, type TxState } from './useTxFlow';

/**
 * Where a chain action stands: waiting for the wallet (a chain switch or a signature named), the
 * pending transaction with its hash and explorer link, the server call, waiting for the indexer,
 * confirmed, or the translated error. An action of several steps (wrap, approve, sign, submit)
 * lists the steps done before the current one, each with its transaction.
 */
export function TxStatus({ state }: { state: TxState }) {
  const { t } = useTranslation();
  const app = useQuery({ queryKey: ['app-config'], queryFn: loadAppConfig, staleTime: Infinity });
  if (state.phase === 'idle') return null;
  const linkOf = (hash: Hash) => (app.data ? explorerTxUrl(app.data.chain, hash) : null);
  const link = state.hash ? linkOf(state.hash) : null;
  const stepLabel = t(`trade.tx.steps.${state.step ?? 'list'}`);
  const tone =
    state.phase === 'error'
      ? 'border-rose-400/40 bg-rose-500/10 text-rose-200'
      : state.phase === 'done'
        ? 'border-emerald-400/40 bg-emerald-500/10 text-emerald-200'
        : 'border-white/10 bg-white/5 text-slate-200';
  // The steps before the current one (all of them once the action has ended).
  const running =
    state.phase === 'wallet' || state.phase === 'pending' || state.phase === 'submitting';
  const earlier = running ? state.steps.slice(0, -1) : state.steps;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="tx-status"
      data-phase={state.phase}
      data-step={state.step ?? undefined}
      data-hash={state.hash ?? undefined}
      className={`mt-4 rounded-xl border p-3 text-sm ${tone}`}
    >
      {state.steps.length > 1 && earlier.length > 0 && (
        <ol data-testid="tx-steps" className="mb-2 space-y-0.5 text-xs text-slate-400">
          {earlier.map((s, i) => {
            const href = s.hash ? linkOf(s.hash) : null;
            return (
              <li
                key={`${s.step}-${i}`}
                data-testid="tx-step"
                data-step={s.step}
                className="flex min-w-0 gap-2"
              >
                <span aria-hidden>✓</span>
                <span className="shrink-0">{t(`trade.tx.steps.${s.step}`)}</span>
                {s.hash &&
                  (href ? (
                    <a
                      href={href}
                      target="_blank"
                      rel="noreferrer"
                      className="truncate font-mono text-brand-300 underline"
                    >
                      {s.hash}
                    </a>
                  ) : (
                    <span className="truncate font-mono">{s.hash}</span>
                  ))}
              </li>
            );
          })}
        </ol>
      )}
      <p className="font-medium">
        {state.phase === 'wallet' &&
          (state.step
            ? t('trade.tx.walletStep', { step: stepLabel })
            : t('trade.tx.waitingWallet'))}
        {state.phase === 'pending' && t('trade.tx.pending', { step: stepLabel })}
        {state.phase === 'submitting' && t('trade.tx.submitting', { step: stepLabel })}
        {state.phase === 'indexing' && t('trade.tx.indexing')}
        {state.phase === 'done' && t('trade.tx.confirmed')}
        {state.phase === 'error' && state.error && txErrorMessage(state.error, t)}
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
