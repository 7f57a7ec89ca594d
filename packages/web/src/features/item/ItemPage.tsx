import { useId, useState, type ComponentType } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import {
  ApiError,
  CONTRACT_TYPE,
  ERRORS,
  isAddressText,
  shortenAddress,
  liveTopic,
  type NftDetail,
} from '@aiamarket/shared';
import { EmptyIllustration } from '../../components/EmptyIllustration';
import { ErrorState } from '../../components/nft/ErrorState';
import { itemName } from '../../components/nft/NftCard';
import { NftImage } from '../../components/nft/NftImage';
import { SkeletonBlock } from '../../components/nft/Skeletons';
import { accountPath, collectionPath, type AssetNavState } from '../../components/nft/links';
import { Tabs, tabPanelProps } from '../../components/Tabs';
import { useLiveInvalidate } from '../../lib/live';
import { RefreshMetadataButton } from './RefreshMetadataButton';
import { useLocaleFormat } from '../../lib/localeFormat';
import { isSignedIn, useSession } from '../../lib/session';
import {
  fetchFavourite,
  fetchItemDetail,
  fetchItemTrades,
  fetchOwnership,
  type ItemKey,
} from './api';
import { ItemActions } from './ItemActions';
import { ListingsTable } from './ListingsTable';
import { PriceHistoryChart } from './PriceHistoryChart';

type ItemTab = 'listings' | 'offers' | 'properties' | 'info' | 'description';

/**
 * The offers pieces of the page, passed in by app/ (the offer slice may not be
 * imported here): the best offer and Make offer in the price box, and the Offers tab.
 */
export interface ItemOfferSlots {
  Actions: ComponentType<{ detail: NftDetail }>;
  Tab: ComponentType<{ detail: NftDetail }>;
}

const isAddress = isAddressText;
const isTokenId = (v: unknown): v is string => typeof v === 'string' && /^\d{1,78}$/.test(v);

/** tokenId and contractAddr from navigation state, else from the query (links, reloads). */
export function itemKeyOf(state: unknown, params: URLSearchParams): ItemKey | null {
  const s = (state ?? {}) as Partial<AssetNavState>;
  const tokenId = isTokenId(s.tokenId) ? s.tokenId : params.get('tokenId');
  const contractAddr = isAddress(s.contractAddr) ? s.contractAddr : params.get('contractAddr');
  if (!isTokenId(tokenId) || !isAddress(contractAddr)) return null;
  return { tokenId, contractAddr: contractAddr.toLowerCase() };
}

/** /asset: one item with its trading actions (and its offers when app/ passes them). */
export function ItemPage({ offers }: { offers?: ItemOfferSlots } = {}) {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const key = itemKeyOf(location.state, params);
  if (!key) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6" data-testid="item-missing">
        <EmptyIllustration label={t('item.missing')} testId="item-empty" />
        <p className="text-center">
          <Link to="/marketplace" className="font-semibold text-brand-300 underline">
            {t('item.backToMarket')}
          </Link>
        </p>
      </div>
    );
  }
  return <ItemView key={`${key.contractAddr}-${key.tokenId}`} itemKey={key} offers={offers} />;
}

function ItemView({ itemKey, offers }: { itemKey: ItemKey; offers?: ItemOfferSlots }) {
  const { t } = useTranslation();
  // Its listings, owners, price history and offers follow the chain (whoever traded).
  useLiveInvalidate(
    [liveTopic.item(itemKey.contractAddr, itemKey.tokenId)],
    [['item'], ['offers']],
  );
  const detail = useQuery({
    queryKey: ['item', itemKey, 'detail'],
    queryFn: ({ signal }) => fetchItemDetail(itemKey, signal),
  });
  if (detail.isPending) return <ItemSkeleton />;
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.code === ERRORS.notFound.code) {
      return <Navigate to="/404" replace />;
    }
    return (
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h1 className="sr-only">{t('item.title')}</h1>
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
      </div>
    );
  }
  return <ItemLoaded itemKey={itemKey} detail={detail.data} offers={offers} />;
}

function ItemLoaded({
  itemKey,
  detail,
  offers,
}: {
  itemKey: ItemKey;
  detail: NftDetail;
  offers?: ItemOfferSlots;
}) {
  const { t } = useTranslation();
  const fmt = useLocaleFormat();
  const id = useId();
  const session = useSession();
  const meta = detail.metadataVO;
  const is1155 = meta.contractType === CONTRACT_TYPE.erc1155;
  const [tab, setTab] = useState<ItemTab>(is1155 ? 'listings' : 'properties');
  const name = itemName(meta.name, meta.tokenId);
  const favourite = useQuery({
    queryKey: ['item', itemKey, 'favourite'],
    queryFn: ({ signal }) => fetchFavourite(itemKey, signal),
  });
  const signedIn = isSignedIn(session);
  const mine = useQuery({
    queryKey: ['item', itemKey, 'ownership', session.address],
    queryFn: ({ signal }) => fetchOwnership(itemKey, session.address ?? '', signal),
    enabled: signedIn && !!session.address,
  });
  const trades = useQuery({
    queryKey: ['item', itemKey, 'trades'],
    queryFn: ({ signal }) => fetchItemTrades(itemKey, signal),
  });
  const owners = meta.belongToList;
  const order = detail.orderVO;

  const tabs = [
    ...(is1155 ? [{ id: 'listings' as const, label: t('item.tabs.listings') }] : []),
    ...(offers ? [{ id: 'offers' as const, label: t('item.tabs.offers') }] : []),
    { id: 'properties' as const, label: t('item.tabs.properties') },
    { id: 'info' as const, label: t('item.tabs.info') },
    { id: 'description' as const, label: t('item.tabs.description') },
  ];

  return (
    <article className="mx-auto max-w-7xl px-4 py-8 sm:px-6" data-testid="item-page">
      <div className="grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <div>
          <NftImage
            src={meta.imageUrl}
            alt={name}
            eager
            className="rounded-2xl border border-white/10"
          />
        </div>
        <div className="flex min-w-0 flex-col gap-5">
          <div>
            {meta.linkCollection && meta.collectionName && (
              <Link
                to={collectionPath(meta.linkCollection)}
                data-testid="item-collection"
                className="text-sm font-semibold text-brand-300 hover:underline"
              >
                {meta.collectionName}
              </Link>
            )}
            <h1
              className="mt-1 text-3xl font-extrabold break-words text-white"
              data-testid="item-name"
            >
              {name}
            </h1>
            <div className="mt-2">
              <RefreshMetadataButton itemKey={itemKey} />
            </div>
          </div>
          <dl className="flex flex-wrap gap-x-8 gap-y-3 text-sm">
            <div>
              <dt className="text-slate-400">{t('item.owners')}</dt>
              <dd className="font-semibold text-white" data-testid="item-owners">
                {owners.length === 1 ? (
                  <Link to={accountPath(owners[0]!)} className="hover:underline">
                    {shortenAddress(owners[0])}
                  </Link>
                ) : (
                  fmt.count(owners.length)
                )}
              </dd>
            </div>
            {is1155 && (
              <div>
                <dt className="text-slate-400">{t('item.supply')}</dt>
                <dd className="font-semibold text-white">{fmt.count(meta.amountTotal)}</dd>
              </div>
            )}
            <div>
              <dt className="text-slate-400">{t('item.favourites')}</dt>
              <dd className="font-semibold text-white" data-testid="item-favourites">
                {favourite.data ? fmt.count(favourite.data.collectNum) : '–'}
              </dd>
            </div>
            {mine.data && Number(mine.data.amount) > 0 && (
              <div>
                <dt className="text-slate-400">{t('item.youOwn')}</dt>
                <dd className="font-semibold text-white">{fmt.count(mine.data.amount)}</dd>
              </div>
            )}
          </dl>

          <section
            aria-labelledby={`${id}-price`}
            className="rounded-2xl border border-white/10 bg-ink-900 p-5"
          >
            <h2 id={`${id}-price`} className="text-sm text-slate-400">
              {order ? t('item.currentPrice') : t('item.notListed')}
            </h2>
            {order && (
              <p
                className="mt-1 text-3xl font-bold text-white tabular-nums"
                data-testid="item-price"
              >
                {fmt.price(order.price)}{' '}
                <span className="text-lg text-slate-300">{order.coin}</span>
              </p>
            )}
            <ItemActions detail={detail} />
            {offers && <offers.Actions detail={detail} />}
          </section>

          {owners.length > 1 && (
            <details className="rounded-2xl border border-white/10 bg-ink-900 p-4">
              <summary className="cursor-pointer text-sm font-semibold text-white">
                {t('item.ownerList', { n: fmt.count(owners.length) })}
              </summary>
              <ul className="mt-3 flex flex-col gap-1 text-sm" data-testid="item-owner-list">
                {owners.map((o) => (
                  <li key={o}>
                    <Link to={accountPath(o)} className="font-mono text-slate-300 hover:underline">
                      {shortenAddress(o)}
                    </Link>
                  </li>
                ))}
              </ul>
            </details>
          )}
        </div>
      </div>

      <div className="mt-10">
        <Tabs
          tabs={tabs}
          active={tab}
          onChange={setTab}
          label={t('item.tabs.label')}
          idPrefix="item"
        />
        <div {...tabPanelProps('item', tab)} className="py-5 outline-none">
          {tab === 'listings' && <ListingsTable itemKey={itemKey} />}
          {tab === 'offers' && offers && <offers.Tab detail={detail} />}
          {tab === 'properties' &&
            (meta.propertyList.length ? (
              <ul
                className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
                data-testid="item-properties"
              >
                {meta.propertyList.map((p, i) => (
                  <li
                    key={`${p.name}-${i}`}
                    className="rounded-xl border border-brand-400/30 bg-brand-500/5 p-3 text-center"
                  >
                    <p className="truncate text-xs text-brand-300 uppercase">{p.name}</p>
                    <p className="mt-1 truncate text-sm font-semibold text-white">{p.value}</p>
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyIllustration label={t('item.noProperties')} testId="item-properties-empty" />
            ))}
          {tab === 'info' && (
            <dl
              className="grid gap-3 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-8"
              data-testid="item-info"
            >
              <dt className="text-slate-400">{t('item.contract')}</dt>
              <dd className="font-mono break-all text-white">{meta.contractAddr}</dd>
              <dt className="text-slate-400">{t('item.tokenId')}</dt>
              <dd className="font-mono break-all text-white">{meta.tokenId}</dd>
              <dt className="text-slate-400">{t('item.standard')}</dt>
              <dd className="text-white">{meta.contractType}</dd>
              {detail.collectionsVO?.royalty !== null &&
                detail.collectionsVO?.royalty !== undefined && (
                  <>
                    <dt className="text-slate-400">{t('item.royalty')}</dt>
                    <dd className="text-white">{fmt.percent(detail.collectionsVO.royalty)}</dd>
                  </>
                )}
            </dl>
          )}
          {tab === 'description' && (
            <p
              className="max-w-3xl text-sm leading-6 whitespace-pre-line text-slate-300"
              data-testid="item-description"
            >
              {meta.description?.trim() || t('item.noDescription')}
            </p>
          )}
        </div>
      </div>

      <section
        aria-labelledby={`${id}-history`}
        className="mt-6 rounded-2xl border border-white/10 bg-ink-900 p-5"
      >
        <h2 id={`${id}-history`} className="text-lg font-bold text-white">
          {t('item.priceHistory')}
        </h2>
        <div className="mt-3">
          {trades.isPending ? (
            <SkeletonBlock className="h-40 w-full" />
          ) : trades.isError ? (
            <ErrorState error={trades.error} onRetry={() => void trades.refetch()} />
          ) : (
            <PriceHistoryChart trades={trades.data.records} />
          )}
        </div>
      </section>
    </article>
  );
}

function ItemSkeleton() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-label={t('app.loading')}
      className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[5fr_7fr]"
    >
      <div className="aspect-square animate-pulse rounded-2xl bg-white/5" />
      <div className="flex flex-col gap-4">
        <SkeletonBlock className="h-4 w-32" />
        <SkeletonBlock className="h-9 w-2/3" />
        <SkeletonBlock className="h-5 w-1/2" />
        <SkeletonBlock className="h-28 w-full" />
      </div>
    </div>
  );
}

export default ItemPage;
