import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { REFERENCE_UNIT, type CollectionCountRow } from '@aiamarket/shared';
import { cx } from '../../lib/cx';
import { useLocaleFormat } from '../../lib/localeFormat';
import { Avatar } from '../Avatar';
import { coinPartsLine } from './coinParts';
import { collectionPath } from './links';
import { TableRowsSkeleton } from './Skeletons';

/** A row of the ranking (/rankings) or of the home preview (collectionCount, no rank). */
export type RankingTableRow = CollectionCountRow & { rank?: number; trades?: number };

const COLUMNS = 7;

/** Collections by traded volume: /rankings (20 a page) and the home preview (5 rows). */
export function RankingTable({
  rows,
  loading,
  caption,
  firstRank = 1,
  compact = false,
}: {
  rows: RankingTableRow[] | undefined;
  loading: boolean;
  caption: string;
  /** The rank of the first row when the rows carry none. */
  firstRank?: number;
  /** The home preview: five skeleton rows and the item count instead of trades. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fmt = useLocaleFormat();
  const th = 'px-3 py-2 font-medium whitespace-nowrap';
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-white/10 bg-ink-900">
      <table className="w-full min-w-[640px] text-left text-sm" data-testid="rankings-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-white/10 text-xs text-slate-400 uppercase">
          <tr>
            <th scope="col" className={th}>
              #
            </th>
            <th scope="col" className={th}>
              {t('rankings.collection')}
            </th>
            <th scope="col" className={cx(th, 'text-right')}>
              {t('rankings.volume', { coin: rows?.[0]?.priceUnit ?? REFERENCE_UNIT.symbol })}
            </th>
            <th scope="col" className={cx(th, 'text-right')}>
              {t('rankings.change')}
            </th>
            <th scope="col" className={cx(th, 'text-right')}>
              {t('rankings.floor', { coin: rows?.[0]?.priceUnit ?? REFERENCE_UNIT.symbol })}
            </th>
            <th scope="col" className={cx(th, 'text-right')}>
              {t('rankings.owners')}
            </th>
            <th scope="col" className={cx(th, 'text-right')}>
              {compact ? t('rankings.items') : t('rankings.trades')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-white/5">
          {loading || !rows ? (
            <TableRowsSkeleton rows={compact ? 5 : 10} columns={COLUMNS} />
          ) : (
            rows.map((r, i) => (
              <tr
                key={r.id}
                data-testid="ranking-row"
                // The whole row opens the collection; the name stays the link for keyboards and
                // screen readers (a row cannot be a link itself).
                onClick={(e) => {
                  if (!(e.target as Element).closest('a')) {
                    void navigate(collectionPath(r.linkCollection));
                  }
                }}
                className="cursor-pointer hover:bg-white/5"
              >
                <td className="px-3 py-3 text-slate-400 tabular-nums">{r.rank ?? firstRank + i}</td>
                <th scope="row" className="px-3 py-3 font-normal">
                  <Link
                    to={collectionPath(r.linkCollection)}
                    className="flex items-center gap-3 font-semibold text-white hover:underline"
                  >
                    <Avatar
                      src={r.headUrl}
                      seed={r.linkCollection}
                      size={36}
                      className="size-9 shrink-0"
                    />
                    <span className="truncate">{r.name}</span>
                  </Link>
                </th>
                <td
                  className="px-3 py-3 text-right text-white tabular-nums"
                  title={coinPartsLine(r.volumeParts, fmt.price)}
                  data-testid="ranking-volume"
                >
                  {fmt.volume(r.volume)}
                </td>
                <td
                  className={cx(
                    'px-3 py-3 text-right tabular-nums',
                    r.change === null
                      ? 'text-slate-400'
                      : r.change >= 0
                        ? 'text-emerald-400'
                        : 'text-red-400',
                  )}
                >
                  {r.change === null ? '–' : fmt.change(r.change)}
                </td>
                <td
                  className="px-3 py-3 text-right text-white tabular-nums"
                  title={coinPartsLine(r.lowestPriceParts, fmt.price, ' · ')}
                  data-testid="ranking-floor"
                >
                  {r.lowestPrice === null ? '–' : fmt.price(r.lowestPrice)}
                </td>
                <td className="px-3 py-3 text-right text-white tabular-nums">
                  {fmt.compact(r.totalHolder)}
                </td>
                <td className="px-3 py-3 text-right text-white tabular-nums">
                  {compact ? fmt.compact(r.totalTokens) : fmt.compact(r.trades ?? 0)}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
