import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { formatUnits } from 'viem';
import { REFERENCE_UNIT, type OrderVO } from '@aiamarket/shared';
import { itemName } from '../../components/nft/NftCard';
import { NftImage } from '../../components/nft/NftImage';
import { TradeDialog } from '../../components/trade';
import { planSweep, sweepListings, type SweepOutcome } from '../../lib/chain/listings';
import { useLiveListings, useOrderGone } from '../../lib/live';
import { cx } from '../../lib/cx';
import { useLocaleFormat } from '../../lib/localeFormat';
import { useTxFlow } from '../../lib/tx-flow';
import { sweepLineOf, totalsByCoin, unitsOf, type CheckoutOrder } from './lines';
import { cartKey } from './store';

/**
 * Buys listings in one transaction (Listings.sweep): the list with what each costs, the total per
 * coin (and in the reference unit when the caller knows it), then one flow: each ERC-20 approved
 * once, the sweep with the AIA part as its value. The result says per listing whether it was
 * bought or skipped (sold meanwhile, its payment returned in the same transaction).
 */
export function CheckoutDialog({
  title,
  orders,
  totalRef = null,
  onRemove,
  onSettled,
  onClose,
  testId = 'checkout-dialog',
}: {
  title: string;
  orders: readonly CheckoutOrder[];
  /** The total in the reference unit (exact decimal text), null when unknown. */
  totalRef?: string | null;
  /** Cart: each line can be taken out before checkout. */
  onRemove?: (order: OrderVO) => void;
  /** After the sweep, with what it did (the cart drops those listings). */
  onSettled?: (outcome: SweepOutcome) => void;
  onClose: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const fmt = useLocaleFormat();
  const flow = useTxFlow();
  const [outcome, setOutcome] = useState<SweepOutcome | null>(null);
  // The listings as they were checked out: the cart empties under the result.
  const [bought] = useState(() => new Map<string, OrderVO>());
  // What the live stream has not said is sold or gone: only those are paid for and bought.
  const buyable = useLiveListings(orders as CheckoutOrder[]);

  const checkout = async () => {
    if (buyable.length === 0) return;
    buyable.forEach((o) => bought.set(cartKey(o), o));
    let result: SweepOutcome | null = null;
    const ok = await flow.run(async (wallet, onHash) => {
      const r = await sweepListings(wallet, planSweep(buyable.map(sweepLineOf)), onHash);
      result = r.outcome;
      return r;
    });
    if (ok && result) {
      const settled: SweepOutcome = result;
      setOutcome(settled);
      onSettled?.(settled);
      toast.success(t('cart.result.summary', { count: settled.bought.length }));
    }
  };

  const priceOf = (o: CheckoutOrder) =>
    `${fmt.price(formatUnits(BigInt(o.priceWei) * unitsOf(o), o.coinDecimals))} ${o.coin}`;

  return (
    <TradeDialog
      title={title}
      onClose={onClose}
      flow={flow}
      testId={testId}
      // The result view waits for the sweep's outcome, known just after the flow is done.
      success={
        outcome ? (
          <ul data-testid="checkout-result" className="mt-4 space-y-1.5 text-sm">
            {[...outcome.bought, ...outcome.skipped].map((key) => {
              const o = bought.get(key);
              const ok = outcome.bought.includes(key);
              return (
                <li
                  key={key}
                  data-testid="checkout-result-line"
                  data-outcome={ok ? 'bought' : 'skipped'}
                  className="flex justify-between gap-3"
                >
                  <span className="truncate">{o ? itemName(o.name, o.tokenId) : key}</span>
                  <span className={ok ? 'text-emerald-300' : 'text-amber-200'}>
                    {ok ? t('cart.result.bought') : t('cart.result.skipped')}
                  </span>
                </li>
              );
            })}
          </ul>
        ) : undefined
      }
      submit={{
        label: t('cart.checkout', {
          count: Number(buyable.reduce((n, o) => n + unitsOf(o), 0n)),
        }),
        testId: 'checkout-confirm',
        disabled: buyable.length === 0,
        onSubmit: () => void checkout(),
      }}
    >
      {orders.length === 0 ? (
        <p data-testid="cart-empty" className="mt-4 text-sm text-slate-400">
          {t('cart.empty')}
        </p>
      ) : (
        <ul className="mt-4 max-h-80 space-y-2 overflow-y-auto text-sm">
          {orders.map((o) => (
            <CheckoutLine
              key={cartKey(o)}
              order={o}
              price={priceOf(o)}
              unitsText={t('cart.lineUnits', {
                units: fmt.integer(unitsOf(o).toString()),
                price: `${fmt.price(o.price)} ${o.coin}`,
              })}
              busy={flow.busy}
              onRemove={onRemove}
            />
          ))}
        </ul>
      )}
      {buyable.length > 0 && (
        <dl data-testid="checkout-totals" className="mt-5 space-y-1 text-sm font-semibold">
          {totalsByCoin(buyable).map((c) => (
            <div key={c.coin} className="flex justify-between" data-testid="checkout-total">
              <dt>{t('cart.total')}</dt>
              <dd>
                {fmt.price(formatUnits(c.wei, c.decimals))} {c.coin}
              </dd>
            </div>
          ))}
          {/* The quote's reference total no longer fits once a line is left out. */}
          {totalRef !== null && buyable.length === orders.length && (
            <div className="flex justify-between text-slate-300">
              <dt>{t('cart.totalRef')}</dt>
              <dd data-testid="checkout-total-ref">
                {fmt.price(totalRef)} {REFERENCE_UNIT.symbol}
              </dd>
            </div>
          )}
        </dl>
      )}
    </TradeDialog>
  );
}

/** One listing of the checkout: its picture, name, price and units; marked when sold meanwhile. */
function CheckoutLine({
  order: o,
  price,
  unitsText,
  busy,
  onRemove,
}: {
  order: CheckoutOrder;
  price: string;
  unitsText: string;
  busy: boolean;
  onRemove?: (order: OrderVO) => void;
}) {
  const { t } = useTranslation();
  const gone = useOrderGone(o);
  const name = itemName(o.name ?? o.nftMetadata?.name, o.tokenId);
  return (
    <li
      data-testid="checkout-line"
      data-gone={gone ?? undefined}
      className="flex items-center justify-between gap-3"
    >
      <span className="flex min-w-0 items-center gap-3">
        <NftImage
          src={o.imageUrl ?? o.nftMetadata?.imageUrl}
          alt={name}
          className={cx('size-10 shrink-0 rounded-lg', gone && 'opacity-40')}
        />
        <span className={cx('min-w-0 truncate', gone && 'text-slate-500 line-through')}>
          {name}
          {o.collectionName && (
            <span className="ml-2 text-xs text-slate-400">{o.collectionName}</span>
          )}
        </span>
      </span>
      <span className="flex shrink-0 items-center gap-2">
        {gone ? (
          <span data-testid="checkout-line-gone" className="text-amber-200">
            {gone === 'sold' ? t('cart.sold') : t('cart.unavailable')}
          </span>
        ) : (
          <span className="text-right">
            <span className="block" data-testid="checkout-line-price">
              {price}
            </span>
            <span className="block text-xs text-slate-400" data-testid="checkout-line-units">
              {unitsText}
            </span>
          </span>
        )}
        {onRemove && (
          <button
            type="button"
            data-testid="cart-remove"
            disabled={busy}
            aria-label={t('cart.remove')}
            onClick={() => onRemove(o)}
            className="rounded-full px-2 text-slate-400 hover:bg-white/10 hover:text-white"
          >
            ×
          </button>
        )}
      </span>
    </li>
  );
}
