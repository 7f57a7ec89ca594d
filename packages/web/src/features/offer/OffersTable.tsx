import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { numberToHex } from 'viem';
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  OFFER_KIND,
  OFFER_STATUS,
  shortenAddress,
  type OfferVO,
  type Page,
} from '@aiamarket/shared';
import { EmptyIllustration } from '../../components/EmptyIllustration';
import { LoadMore } from '../../components/LoadMore';
import { ErrorState } from '../../components/nft/ErrorState';
import { TableRowsSkeleton } from '../../components/nft/Skeletons';
import { accountPath } from '../../components/nft/links';
import { useLocaleFormat } from '../../lib/localeFormat';
import { nextPageOf } from '../../lib/paging';
import { useSession } from '../../lib/session';
import { AcceptOfferModal } from './AcceptOfferModal';
import { CancelOfferModal } from './CancelOfferModal';
import { MakeOfferModal } from './MakeOfferModal';
import type { OfferTarget } from './terms';

/** The status names of OFFER_STATUS, for the offer.status.* texts. */
const STATUS_NAME = Object.fromEntries(
  Object.entries(OFFER_STATUS).map(([name, value]) => [value, name]),
) as Record<number, keyof typeof OFFER_STATUS>;

/** Offers that can still be cancelled (an ended one needs no transaction). */
const CANCELLABLE: readonly number[] = [
  OFFER_STATUS.active,
  OFFER_STATUS.unfunded,
  OFFER_STATUS.notStarted,
  OFFER_STATUS.marketHold,
];

/**
 * What an ended offer (its Offers contract replaced) was made on, to make it again on the same:
 * the item, the collection, or the trait set (its signed root).
 */
function targetOf(o: OfferVO): OfferTarget {
  if (o.kind === OFFER_KIND.item && o.tokenId !== null)
    return {
      kind: OFFER_KIND.item,
      contractAddr: o.contractAddr,
      erc1155: o.erc1155,
      tokenId: o.tokenId,
    };
  if (o.kind === OFFER_KIND.trait && o.trait)
    return {
      kind: OFFER_KIND.trait,
      contractAddr: o.contractAddr,
      erc1155: o.erc1155,
      valueId: o.trait.valueId,
      root: numberToHex(BigInt(o.signed.identifier), { size: 32 }),
    };
  return { kind: OFFER_KIND.collection, contractAddr: o.contractAddr, erc1155: o.erc1155 };
}

const smallButton =
  'inline-flex h-8 items-center rounded-full px-3 text-xs font-semibold disabled:opacity-40';

type RowActionName = 'accept' | 'cancel' | 'again';

/** The button of each row action: its test id, its look and its label. */
const ROW_ACTIONS = {
  cancel: {
    testId: 'offer-cancel',
    className: 'border border-rose-400/50 text-rose-200 hover:bg-rose-500/10',
    label: 'offer.actions.cancel',
  },
  again: {
    testId: 'offer-make-again',
    className: 'bg-brand-500 text-ink-950 hover:bg-brand-400',
    label: 'offer.makeAgain',
  },
  accept: {
    testId: 'offer-accept',
    className: 'bg-brand-500 text-ink-950 hover:bg-brand-400',
    label: 'offer.actions.accept',
  },
} as const;

/** A row's button (none for null) that opens the dialog of what it does to the row's offer. */
function RowAction({
  action,
  onClick,
}: {
  action: RowActionName | null;
  onClick: (action: RowActionName) => void;
}) {
  const { t } = useTranslation();
  if (!action) return null;
  const { testId, className, label } = ROW_ACTIONS[action];
  return (
    <button
      type="button"
      data-testid={testId}
      className={`${smallButton} ${className}`}
      onClick={() => onClick(action)}
    >
      {t(label)}
    </button>
  );
}

/** What a row's offer is for: the item, any item of the collection, or a trait. */
export function useOfferWhat() {
  const { t } = useTranslation();
  return (o: Pick<OfferVO, 'kind' | 'trait'>) =>
    o.kind === OFFER_KIND.item
      ? t('offer.kind.item')
      : o.kind === OFFER_KIND.trait && o.trait
        ? t('offer.kind.trait', { trait: `${o.trait.category}: ${o.trait.value}` })
        : t('offer.kind.collection');
}

/**
 * A paged table of offers, best first or newest first as the call answers: price, quantity
 * left, what it is for, the offerer, expiry (and status when `showStatus`). Accept for a holder
 * (`canAccept`), Cancel for the offerer's own open offers. `tokenId`: the token the page is about
 * (the item page), passed to Accept.
 */
export function OffersTable({
  queryKey,
  fetchPage,
  canAccept,
  tokenId,
  showStatus = false,
  showItem = false,
  emptyLabel,
  testId,
}: {
  queryKey: readonly unknown[];
  fetchPage: (page: number, signal: AbortSignal) => Promise<Page<OfferVO>>;
  canAccept: (offer: OfferVO) => boolean;
  tokenId?: string;
  showStatus?: boolean;
  showItem?: boolean;
  emptyLabel: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const fmt = useLocaleFormat();
  const what = useOfferWhat();
  const { address } = useSession();
  const [open, setOpen] = useState<{ action: RowActionName; offer: OfferVO } | null>(null);
  const query = useInfiniteQuery({
    queryKey: ['offers', ...queryKey],
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
  const rows = query.data?.pages.flatMap((p) => p.records) ?? [];
  const mine = (o: OfferVO) => address !== null && o.offerer.toLowerCase() === address;
  /** Cancel for the offerer's open offers, make again for a retired one, accept for others'. */
  const rowAction = (o: OfferVO): RowActionName | null =>
    mine(o) && CANCELLABLE.includes(o.status)
      ? 'cancel'
      : mine(o) && o.status === OFFER_STATUS.retired
        ? 'again'
        : !mine(o) && o.status === OFFER_STATUS.active && canAccept(o)
          ? 'accept'
          : null;

  let content: ReactNode;
  if (query.isError) {
    content = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.isSuccess && rows.length === 0) {
    content = <EmptyIllustration label={emptyLabel} testId={`${testId}-empty`} />;
  } else {
    const columns = 5 + (showStatus ? 1 : 0) + (showItem ? 1 : 0);
    content = (
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[36rem] text-left text-sm" data-testid={testId}>
          <thead className="text-xs text-slate-400 uppercase">
            <tr>
              {showItem && (
                <th scope="col" className="px-3 py-2">
                  {t('offer.table.item')}
                </th>
              )}
              <th scope="col" className="px-3 py-2">
                {t('offer.table.price')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('offer.table.quantity')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('offer.table.kind')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('offer.table.from')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('offer.table.expires')}
              </th>
              {showStatus && (
                <th scope="col" className="px-3 py-2">
                  {t('offer.table.status')}
                </th>
              )}
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{t('offer.table.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/5">
            {query.isPending ? (
              <TableRowsSkeleton rows={3} columns={columns} />
            ) : (
              rows.map((o) => (
                <tr key={o.orderHash} data-testid="offer-row" data-status={o.status}>
                  {showItem && (
                    <td className="max-w-48 truncate px-3 py-3 text-white">
                      {o.name ?? o.collectionName ?? shortenAddress(o.contractAddr)}
                    </td>
                  )}
                  <td className="px-3 py-3 font-semibold text-white tabular-nums">
                    {fmt.price(o.price)} <span className="text-slate-400">{o.coin}</span>
                  </td>
                  <td className="px-3 py-3 text-white tabular-nums">{fmt.count(o.remaining)}</td>
                  <td className="px-3 py-3 text-slate-300">{what(o)}</td>
                  <td className="px-3 py-3 font-mono">
                    <Link
                      to={accountPath(o.offerer)}
                      className="text-brand-300 hover:underline"
                      title={o.offerer}
                    >
                      {shortenAddress(o.offerer)}
                    </Link>
                  </td>
                  <td className="px-3 py-3 text-slate-300" title={fmt.dateTime(o.endTime)}>
                    {fmt.relative(o.endTime)}
                  </td>
                  {showStatus && (
                    <td className="px-3 py-3 text-slate-300" data-testid="offer-status">
                      {t(`offer.status.${STATUS_NAME[o.status] ?? 'active'}`)}
                    </td>
                  )}
                  <td className="px-3 py-2 text-right">
                    <RowAction
                      action={rowAction(o)}
                      onClick={(action) => setOpen({ action, offer: o })}
                    />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
        {query.hasNextPage && <LoadMore query={query} testId={`${testId}-more`} />}
      </div>
    );
  }
  // The dialog stays in one place of the tree while the list refreshes under it (see the item
  // page's listings): an accepted offer leaves the list but its dialog keeps its success view.
  return (
    <>
      {content}
      {open?.action === 'accept' && (
        <AcceptOfferModal offer={open.offer} tokenId={tokenId} onClose={() => setOpen(null)} />
      )}
      {open?.action === 'cancel' && (
        <CancelOfferModal offer={open.offer} onClose={() => setOpen(null)} />
      )}
      {open?.action === 'again' && (
        <MakeOfferModal
          target={targetOf(open.offer)}
          name={open.offer.name ?? open.offer.collectionName ?? undefined}
          unitsCap={null}
          prefill={{
            coin: open.offer.moneyAddr,
            price: open.offer.price,
            units: open.offer.remaining,
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
