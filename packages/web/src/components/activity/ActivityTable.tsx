import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  ACTIVITY_FILTERS,
  activityMethodKey,
  shortenAddress,
  type ActivityFilter,
  type ActivityVO,
  type Page,
} from '@aiamarket/shared';
import { cx } from '../../lib/cx';
import { useLocaleFormat } from '../../lib/localeFormat';
import { nextPageOf } from '../../lib/paging';
import { EmptyIllustration } from '../EmptyIllustration';
import { ErrorState } from '../nft/ErrorState';
import { accountPath, assetLink } from '../nft/links';
import { LoadMore } from '../LoadMore';
import { SkeletonBlock } from '../nft/Skeletons';

export type ActivityPageFetcher = (
  types: number[],
  page: number,
  signal: AbortSignal,
) => Promise<Page<ActivityVO>>;

const FILTERS = Object.keys(ACTIVITY_FILTERS) as ActivityFilter[];

/** The method codes to ask for: the union of the chosen filters (none chosen = every code). */
export function typesOf(filters: readonly ActivityFilter[]): number[] {
  return [...new Set(filters.flatMap((f) => ACTIVITY_FILTERS[f]))].sort((a, b) => a - b);
}

/**
 * The activity (history) list of a collection or an account: a method-code filter (the five
 * transfer kinds are one "transfer" choice), then the rows, 20 a page, loaded as the end of the
 * list comes into view.
 */
export function ActivityTable({
  queryKey,
  fetchPage,
  testId = 'activity',
  fixedTypes,
}: {
  queryKey: readonly unknown[];
  fetchPage: ActivityPageFetcher;
  testId?: string;
  /** When set, the filter is hidden and these codes are always asked for. */
  fixedTypes?: readonly number[];
}) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<ActivityFilter[]>([]);
  const types = fixedTypes ? [...fixedTypes] : typesOf(filters);
  const query = useInfiniteQuery({
    queryKey: [...queryKey, 'activity', types],
    queryFn: ({ pageParam, signal }) => fetchPage(types, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
  const rows = query.data?.pages.flatMap((p) => p.records) ?? [];
  const toggle = (filter: ActivityFilter) =>
    setFilters((current) =>
      current.includes(filter) ? current.filter((f) => f !== filter) : [...current, filter],
    );

  return (
    <div data-testid={testId}>
      {!fixedTypes && (
        <div
          role="group"
          aria-label={t('activity.filterLabel')}
          className="mb-4 flex flex-wrap gap-2"
        >
          <FilterChip
            label={t('activity.all')}
            pressed={filters.length === 0}
            onClick={() => setFilters([])}
            testId={`${testId}-filter-all`}
          />
          {FILTERS.map((filter) => (
            <FilterChip
              key={filter}
              label={t(`activity.${filter}`)}
              pressed={filters.includes(filter)}
              onClick={() => toggle(filter)}
              testId={`${testId}-filter-${filter}`}
            />
          ))}
        </div>
      )}
      {query.isPending ? (
        <ActivitySkeleton />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyIllustration label={t('activity.empty')} testId={`${testId}-empty`} />
      ) : (
        <>
          <div
            className="relative overflow-x-auto rounded-2xl border border-white/10"
            tabIndex={0}
            role="region"
            aria-label={t('activity.tableLabel')}
          >
            <table className="w-full min-w-[760px] text-left text-sm">
              <thead className="bg-ink-900 text-xs tracking-wide text-slate-400 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    {t('activity.event')}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t('activity.item')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    {t('activity.price')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    {t('activity.quantity')}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t('activity.from')}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t('activity.to')}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t('activity.time')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, i) => (
                  <ActivityRow
                    key={`${row.txHash}-${row.tokenId}-${i}`}
                    row={row}
                    testId={testId}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore query={query} testId={`${testId}-more`} />
        </>
      )}
    </div>
  );
}

function FilterChip({
  label,
  pressed,
  onClick,
  testId,
}: {
  label: string;
  pressed: boolean;
  onClick: () => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      data-testid={testId}
      className={cx(
        'h-9 rounded-full border px-4 text-sm font-semibold',
        pressed
          ? 'border-brand-400 bg-brand-500/15 text-brand-300'
          : 'border-white/15 text-slate-300 hover:border-white/40',
      )}
    >
      {label}
    </button>
  );
}

function Party({ addr, name }: { addr: string | null; name: string | null }) {
  if (!addr) return <span className="text-slate-400">-</span>;
  return (
    <Link to={accountPath(addr)} className="text-brand-300 hover:text-brand-400">
      {name || shortenAddress(addr)}
    </Link>
  );
}

function ActivityRow({ row, testId }: { row: ActivityVO; testId: string }) {
  const { t } = useTranslation();
  const fmt = useLocaleFormat();
  const name = row.nmName || `#${row.tokenId}`;
  const link = assetLink(row.tokenId, row.contractAddr);
  return (
    <tr data-testid={`${testId}-row`} data-method={row.method} className="border-t border-white/5">
      <td className="px-4 py-3 font-semibold whitespace-nowrap text-white">
        {t(activityMethodKey(row.method) as 'activity.unknown')}
      </td>
      <td className="px-4 py-3">
        <Link
          to={link.to}
          state={link.state}
          className="flex items-center gap-3 text-white hover:text-brand-300"
        >
          <span className="size-10 shrink-0 overflow-hidden rounded-lg bg-ink-800">
            {row.imageUrl && (
              <img
                src={row.imageUrl}
                alt=""
                loading="lazy"
                width={40}
                height={40}
                className="size-10 object-cover"
              />
            )}
          </span>
          <span className="min-w-0">
            <span className="block truncate font-medium">{name}</span>
            {row.collectionName && (
              <span className="block truncate text-xs text-slate-400">{row.collectionName}</span>
            )}
          </span>
        </Link>
      </td>
      <td className="px-4 py-3 text-right whitespace-nowrap text-white">
        {row.price ? `${fmt.price(row.price)} ${row.coin ?? ''}`.trim() : '-'}
      </td>
      <td className="px-4 py-3 text-right">{fmt.integer(row.amount)}</td>
      <td className="px-4 py-3">
        <Party addr={row.fromAddr} name={row.fromName} />
      </td>
      <td className="px-4 py-3">
        <Party addr={row.toAddr} name={row.toName} />
      </td>
      <td className="px-4 py-3 whitespace-nowrap text-slate-300">
        <time dateTime={row.createDate} title={fmt.dateTime(row.createDate)}>
          {fmt.relative(row.createDate)}
        </time>
      </td>
    </tr>
  );
}

function ActivitySkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('app.loading')} className="flex flex-col gap-2">
      {Array.from({ length: 6 }, (_, i) => (
        <SkeletonBlock key={i} className="h-14 rounded-xl" />
      ))}
    </div>
  );
}
