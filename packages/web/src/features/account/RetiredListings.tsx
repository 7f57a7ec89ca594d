import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import type { OrderVO } from '@aiamarket/shared';
import { itemName } from '../../components/nft/NftCard';
import { TradeDialog, TradeSuccess } from '../../components/trade';
import { localizeDecimal } from '../../lib/localeFormat';
import { useTxFlow } from '../../lib/tx-flow';
import { listWithOneSignature } from './list-signed';
import { fetchRetiredListings, relistings } from './retired';
import { ActionButton } from '../../components/trade/ActionButton';

/**
 * The owner's listings that ended because the market moved to a new Listings contract, each
 * marked so, with "List again": all of them signed again for the new contract with ONE
 * signature (a bulk listing; one alone signs its listing), after the collections' approval of
 * the new contract. Nothing when there are none.
 */
export function RetiredListings({ seller }: { seller: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const query = useQuery({
    queryKey: ['account', 'retired-listings', seller],
    queryFn: ({ signal }) => fetchRetiredListings(seller, signal),
  });
  const records = query.data ?? [];
  if (records.length === 0) return null;
  return (
    <section
      data-testid="retired-listings"
      aria-labelledby="retired-listings-title"
      className="mb-6 rounded-2xl border border-amber-400/30 bg-amber-500/5 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="retired-listings-title" className="text-base font-semibold text-slate-100">
          {t('account.retired.title', { count: records.length })}
        </h2>
        <ActionButton kind="primary" testId="retired-list-again" onClick={() => setOpen(true)}>
          {t('account.retired.listAgain')}
        </ActionButton>
      </div>
      <ul className="mt-3 space-y-1.5 text-sm">
        {records.map((r) => (
          <RetiredRow key={r.orderId} order={r} />
        ))}
      </ul>
      {open && <ListAgainDialog seller={seller} records={records} onClose={() => setOpen(false)} />}
    </section>
  );
}

function RetiredRow({ order }: { order: OrderVO }) {
  const { t, i18n } = useTranslation();
  return (
    <li data-testid="retired-listing" className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="min-w-0 flex-1 truncate text-slate-100">
        {itemName(order.name, order.tokenId)}
      </span>
      <span className="text-slate-300">
        {localizeDecimal(i18n.language, order.price)} {order.coin}
      </span>
      <span data-testid="retired-reason" className="text-amber-200">
        {t('account.retired.reason')}
      </span>
    </li>
  );
}

function ListAgainDialog({
  seller,
  records,
  onClose,
}: {
  seller: string;
  records: readonly OrderVO[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const flow = useTxFlow();
  const queryClient = useQueryClient();

  const submit = async () => {
    let count = 0;
    const ok = await flow.run(async (wallet, onHash, report) => {
      const listed = await listWithOneSignature(
        wallet,
        onHash,
        report,
        records.map((r) => r.contractAddr),
        (terms) => relistings(records, terms),
      );
      count = listed.count;
      return listed;
    });
    if (ok) {
      toast.success(t('bulk.success', { count }));
      void queryClient.invalidateQueries({ queryKey: ['account', 'retired-listings', seller] });
    }
  };

  return (
    <TradeDialog
      title={t('account.retired.dialogTitle', { count: records.length })}
      onClose={onClose}
      flow={flow}
      testId="retired-list-again-dialog"
      success={
        <TradeSuccess testId="retired-list-again-success">
          {t('bulk.success', { count: records.length })}
        </TradeSuccess>
      }
      submit={{
        label: t('account.retired.listAgain'),
        testId: 'retired-list-again-confirm',
        onSubmit: () => void submit(),
      }}
    >
      <div className="mt-4 space-y-2 text-sm">
        <p className="text-slate-300">{t('account.retired.explain')}</p>
        <p className="text-slate-400">{t('bulk.oneSignature', { count: records.length })}</p>
      </div>
    </TradeDialog>
  );
}
