import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { REFERENCE_UNIT, type NftCardVO, type OrderVO } from '@aiamarket/shared';
import { useLocaleFormat } from '../../lib/localeFormat';
import { useOrderExtra } from '../trade/OrderExtra';
import { assetLink } from './links';
import { NftImage } from './NftImage';

/** What a card shows; build it from an order or an item with `cardOfOrder` / `cardOfItem`. */
export interface NftCardData {
  tokenId: string;
  contractAddr: string;
  name: string | null;
  imageUrl: string | null;
  collectionName: string | null;
  /** Listed price (human units) and its coin, null when not listed. */
  price: string | null;
  coin: string | null;
  /** The price in the reference unit (shown on hover for other coins), null without a rate. */
  priceRef?: string | null;
  /** Copies listed or held, shown for ERC1155 when more than one. */
  amount?: string | null;
  /** The best active offer the token can accept, null when none. */
  bestOffer?: { price: string; coin: string } | null;
  /** The listing the price is of: what app/'s extra (Add to cart) acts on. */
  order?: OrderVO | null;
}

export function cardOfOrder(order: OrderVO): NftCardData {
  return {
    tokenId: order.tokenId,
    contractAddr: order.contractAddr,
    name: order.name ?? order.nftMetadata.name,
    imageUrl: order.imageUrl ?? order.nftMetadata.imageUrl,
    collectionName: order.collectionName,
    price: order.price,
    coin: order.coin,
    priceRef: order.priceRef,
    amount: order.contractType === 'ERC1155' ? order.leftAmount : null,
    order,
  };
}

export function cardOfItem(item: NftCardVO): NftCardData {
  return {
    tokenId: item.tokenId,
    contractAddr: item.contractAddr,
    name: item.name,
    imageUrl: item.imageUrl,
    collectionName: item.collectionName,
    price: item.order?.price ?? null,
    coin: item.order?.coin ?? null,
    priceRef: item.order?.priceRef ?? null,
    amount: item.contractType === 'ERC1155' ? item.amount : null,
    bestOffer: item.bestOffer ?? null,
    order: item.order,
  };
}

/** The name to show: the item's own, else "#tokenId". */
export function itemName(name: string | null | undefined, tokenId: string): string {
  return name?.trim() || `#${tokenId}`;
}

/** The cards of a grid whose pictures load first: the rows seen on arrival on any screen. */
export const PRIORITY_CARDS = 6;

/** One NFT in a grid: image, collection, name and price; opens /asset. */
export function NftCard({
  data,
  compact = false,
  priority = false,
}: {
  data: NftCardData;
  compact?: boolean;
  /** One of the first cards of a page: its picture loads at once. */
  priority?: boolean;
}) {
  const { t } = useTranslation();
  const fmt = useLocaleFormat();
  const name = itemName(data.name, data.tokenId);
  const link = assetLink(data.tokenId, data.contractAddr);
  const showAmount = data.amount && data.amount !== '1';
  const refShown = !!data.priceRef && data.coin !== REFERENCE_UNIT.symbol;
  // Beside the link, not in it: a button inside a link is not valid HTML.
  const orderExtra = useOrderExtra();
  const extra = data.order ? orderExtra(data.order, 'sm') : null;
  const card = (
    <Link
      to={link.to}
      state={link.state}
      data-testid="nft-card"
      data-token-id={data.tokenId}
      className="group flex h-full flex-col overflow-hidden rounded-xl border border-white/10 bg-ink-900 transition hover:-translate-y-0.5 hover:border-brand-400/50 focus-visible:border-brand-400"
    >
      <NftImage src={data.imageUrl} alt={name} priority={priority} />
      <div
        className={compact ? 'flex flex-1 flex-col gap-0.5 p-2' : 'flex flex-1 flex-col gap-1 p-3'}
      >
        {data.collectionName && (
          <p className="truncate text-xs text-slate-400">{data.collectionName}</p>
        )}
        <p className="truncate text-sm font-semibold text-white">{name}</p>
        {data.bestOffer && (
          <p className="truncate text-xs text-slate-400" data-testid="nft-card-offer">
            {t('offer.best')}{' '}
            <span className="text-slate-200 tabular-nums">{fmt.price(data.bestOffer.price)}</span>{' '}
            {data.bestOffer.coin}
          </p>
        )}
        <div className="mt-auto flex items-end justify-between gap-2 pt-1">
          {data.price !== null ? (
            <div className="min-w-0">
              <p
                className="min-w-0 truncate text-sm text-white"
                data-testid="nft-card-price"
                title={
                  refShown ? `≈ ${fmt.price(data.priceRef!)} ${REFERENCE_UNIT.symbol}` : undefined
                }
              >
                <span className="sr-only">{t('nft.price')} </span>
                <span className="font-semibold tabular-nums">{fmt.price(data.price)}</span>{' '}
                <span className="text-xs text-slate-400">{data.coin}</span>
              </p>
              {/* Another coin's price next to the AIA one it is sorted, filtered and warned by. */}
              {refShown && (
                <p className="truncate text-xs text-slate-400" data-testid="nft-card-price-ref">
                  ≈ <span className="tabular-nums">{fmt.price(data.priceRef!)}</span>{' '}
                  {REFERENCE_UNIT.symbol}
                </p>
              )}
            </div>
          ) : (
            <p className="text-xs text-slate-400">{t('nft.notListed')}</p>
          )}
          {showAmount && (
            <span className="shrink-0 text-xs text-slate-400">
              {t('nft.amount', { amount: fmt.count(data.amount) })}
            </span>
          )}
        </div>
      </div>
    </Link>
  );
  if (!extra) return card;
  return (
    <div className="relative h-full">
      {card}
      <div className="absolute top-2 right-2">{extra}</div>
    </div>
  );
}
