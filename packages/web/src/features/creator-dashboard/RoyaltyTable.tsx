import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '@aiamarket/shared';
import { useLocaleFormat } from '../../lib/localeFormat';
import { fetchRoyaltyPage } from './api';

/** The creator's royalty rows (item, price, amount, volume, royalty, date), 10 a page. */
export function RoyaltyTable() {
  const { t, i18n } = useTranslation();
  const fmt = useLocaleFormat();
  const [page, setPage] = useState(1);
  const rows = useQuery({
    queryKey: ['royalty', 'page', page],
    queryFn: ({ signal }) => fetchRoyaltyPage(page, signal),
    placeholderData: keepPreviousData,
  });
  const total = rows.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE.royalty));
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section className="mt-10" data-testid="royalty-table">
      <h2 className="text-lg font-semibold text-white">{t('creator.royalties')}</h2>
      <div className="mt-4 overflow-x-auto rounded-2xl border border-white/10">
        <table className="w-full min-w-[640px] text-left text-sm">
          <thead className="bg-white/5 text-slate-400">
            <tr>
              <th className="px-4 py-3 font-medium">{t('creator.columns.item')}</th>
              <th className="px-4 py-3 font-medium">{t('creator.columns.price')}</th>
              <th className="px-4 py-3 font-medium">{t('creator.columns.amount')}</th>
              <th className="px-4 py-3 font-medium">{t('creator.columns.total')}</th>
              <th className="px-4 py-3 font-medium">{t('creator.columns.royalty')}</th>
              <th className="px-4 py-3 font-medium">{t('creator.columns.date')}</th>
            </tr>
          </thead>
          <tbody>
            {(rows.data?.records ?? []).map((r, i) => (
              <tr
                key={`${r.contractAddr}-${r.tokenId}-${r.createDate}-${i}`}
                className="border-t border-white/5"
              >
                <td className="px-4 py-3">
                  <span className="flex items-center gap-3">
                    {r.tokenImageUrl ? (
                      <img
                        src={r.tokenImageUrl}
                        alt=""
                        className="size-9 rounded-lg object-cover"
                      />
                    ) : (
                      <span className="size-9 rounded-lg bg-white/10" />
                    )}
                    <span className="text-white">{r.tokenName ?? `#${r.tokenId}`}</span>
                  </span>
                </td>
                <td className="px-4 py-3">
                  {fmt.price(r.price)} {r.coin}
                </td>
                <td className="px-4 py-3">{fmt.integer(r.amount)}</td>
                <td className="px-4 py-3">
                  {fmt.price(r.totalTrans)} {r.coin}
                </td>
                <td className="px-4 py-3 text-emerald-300">
                  {fmt.price(r.royalty)} {r.coin}
                </td>
                <td className="px-4 py-3 text-slate-400">{date.format(new Date(r.createDate))}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.isSuccess && total === 0 && (
          <p className="px-4 py-8 text-center text-slate-400">{t('creator.noRoyalties')}</p>
        )}
        {rows.isError && (
          <p role="alert" className="px-4 py-8 text-center text-rose-300">
            {t('creator.loadError')}
          </p>
        )}
      </div>
      {pages > 1 && (
        <nav
          className="mt-4 flex items-center justify-end gap-3 text-sm"
          aria-label={t('creator.pager')}
        >
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
            className="rounded-full border border-white/15 px-4 py-1.5 disabled:opacity-40"
          >
            {t('creator.previous')}
          </button>
          <span data-testid="royalty-page">{t('creator.pageOf', { page, pages })}</span>
          <button
            type="button"
            disabled={page >= pages}
            onClick={() => setPage((p) => p + 1)}
            className="rounded-full border border-white/15 px-4 py-1.5 disabled:opacity-40"
          >
            {t('creator.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
