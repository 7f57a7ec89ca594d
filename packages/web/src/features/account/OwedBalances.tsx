import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import type { Address } from 'viem';
import { unitsText } from '@aiamarket/shared';
import { buttonClass } from '../../components/trade/classes';
import { localizeDecimal, useLocaleFormat } from '../../lib/localeFormat';
import { TxStatus, useTxFlow } from '../../lib/tx-flow';
import { readOwed, withdrawOwed, type OwedLine } from './owed';

const lineKey = (l: OwedLine) => `${l.contract.address}:${l.coin.address}`.toLowerCase();

/**
 * "Owed to you": payments a contract could not deliver to the account (its wallet refused AIA, a
 * token blocked it) and credited instead, one line per contract and coin, each withdrawn to the
 * connected wallet. Hidden while nothing is owed.
 */
export function OwedBalances({ owner }: { owner: string }) {
  const { t } = useTranslation();
  const fmt = useLocaleFormat();
  const flow = useTxFlow();
  const [active, setActive] = useState<string | null>(null);
  const owed = useQuery({
    queryKey: ['account', owner, 'owed'],
    queryFn: () => readOwed(owner as Address),
  });
  const lines = owed.data ?? [];
  // Once a withdrawal started, the box and its status stay until it ends (its line then reads 0).
  if (lines.length === 0 && flow.state.phase === 'idle') return null;

  const withdraw = async (line: OwedLine) => {
    setActive(lineKey(line));
    // The flow refreshes every query once the withdrawal is mined, this list included.
    const ok = await flow.run(async (wallet, onHash) =>
      withdrawOwed(wallet, line.contract, line.coin.address, wallet.account, onHash),
    );
    if (ok) toast.success(t('account.owed.done'));
  };

  return (
    <section
      data-testid="owed-balances"
      aria-label={t('account.owed.title')}
      className="mt-6 rounded-xl border border-white/10 bg-ink-900 p-4"
    >
      <p className="text-sm font-semibold text-white">{t('account.owed.title')}</p>
      <p className="text-xs text-slate-400">{t('account.owed.hint')}</p>
      <ul className="mt-3 divide-y divide-white/5">
        {lines.map((line) => {
          const key = lineKey(line);
          return (
            <li
              key={key}
              data-testid="owed-line"
              className="flex flex-wrap items-center justify-between gap-3 py-2"
            >
              <span className="text-xs text-slate-400">
                {line.contract.retired
                  ? t('account.owed.retiredContract', { name: line.contract.name })
                  : line.contract.name}
              </span>
              <div className="flex items-center gap-3">
                {/* Exact: a credit is withdrawn whole, so every digit is shown. */}
                <span data-testid="owed-amount" className="font-semibold text-white tabular-nums">
                  {localizeDecimal(fmt.lng, unitsText(line.amount, line.coin.decimals))}{' '}
                  {line.coin.symbol}
                </span>
                <button
                  type="button"
                  data-testid="owed-withdraw"
                  disabled={flow.busy}
                  onClick={() => void withdraw(line)}
                  className={buttonClass.primary}
                >
                  {flow.busy && active === key ? t('trade.tx.working') : t('account.owed.withdraw')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <TxStatus state={flow.state} />
    </section>
  );
}
