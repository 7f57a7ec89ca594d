import { useId, useState } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { parseUnits, type Address } from 'viem';
import {
  LISTING_LIMITS,
  checkListingPrice,
  parseDecimalInput,
  type NftCardVO,
} from '@aiamarket/shared';
import { itemName } from '../../components/nft/NftCard';
import { CoinSelect, TradeDialog, TradeSuccess, inputClass } from '../../components/trade';
import { fetchCoinRates, floorWarning, type FloorWarning } from '../../components/trade/floor';
import { FloorWarningNote } from '../../components/trade/FloorWarningNote';
import { PriceField, usePriceEntry, useRuleText } from '../../components/trade/PriceField';
import { loadMarketCoins } from '../../lib/chain/coins';
import { localizeDecimal } from '../../lib/localeFormat';
import { useTxFlow } from '../../lib/tx-flow';
import { listWithOneSignature } from './list-signed';
import {
  bulkListings,
  fetchCollectionFloor,
  itemKey,
  priceText,
  relativePriceWei,
  type BulkLine,
} from './bulk';

const DURATIONS = [1, 7, 30, 90, LISTING_LIMITS.maxDurationDays] as const;
const DAY = 86_400n;

/**
 * Bulk listing: the selected items priced all at once (a fixed price, or a percent of
 * each collection's floor) or one by one, each in the batch's coin or one of its own, reviewed
 * item by item (price and coin, with the listing dialog's price-sanity warnings), then Listings
 * approved once per collection and ONE signature over the typed tree of all the listings, which
 * the wallet shows listing by listing (a single item signs its listing itself); listing/create
 * stores them. No gas but the approvals. An item in another coin than the batch's takes its own
 * price in fixed mode (the batch price is a number of the batch's coin).
 */
export function BulkListModal({
  items,
  onClose,
}: {
  items: readonly NftCardVO[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const ruleText = useRuleText();
  const flow = useTxFlow();
  const ids = { mode: useId(), days: useId() };
  const [coinIndex, setCoinIndex] = useState(0);
  const [mode, setMode] = useState<'fixed' | 'floor'>('fixed');
  const priceEntry = usePriceEntry();
  const [percent, setPercent] = useState('100');
  const [own, setOwn] = useState<Record<string, string>>({});
  /** Items whose coin is not the batch's: the index into the market's coins. */
  const [ownCoin, setOwnCoin] = useState<Record<string, number>>({});
  const [days, setDays] = useState<number>(30);
  const coins = useQuery({ queryKey: ['listing-coins'], queryFn: loadMarketCoins });
  const rates = useQuery({
    queryKey: ['coin-rates'],
    queryFn: ({ signal }) => fetchCoinRates(signal),
    staleTime: 5 * 60_000,
  });
  const links = [...new Set(items.map((i) => i.linkCollection ?? ''))].filter(Boolean);
  const floors = useQueries({
    queries: links.map((link) => ({
      queryKey: ['collection-floor', link],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchCollectionFloor(link, signal),
      staleTime: 60_000,
    })),
  });
  const floorOf = (item: NftCardVO) => {
    const i = links.indexOf(item.linkCollection ?? '');
    return i >= 0 ? (floors[i]?.data ?? null) : null;
  };
  const coin = coins.data?.[coinIndex] ?? null;
  const rateOf = (address: string | undefined) =>
    rates.data?.find((r) => r.currency.toLowerCase() === address?.toLowerCase())?.rate ?? null;
  const coinIndexOf = (item: NftCardVO) => ownCoin[itemKey(item)] ?? coinIndex;

  /** Each item's coin and price text (whole coins), or the reason it has none. */
  const priced = items.map((item) => {
    const itemCoin = coins.data?.[coinIndexOf(item)] ?? null;
    const typed = own[itemKey(item)]?.trim();
    if (typed) {
      const check = checkListingPrice(typed, itemCoin?.decimals, i18n.language);
      return { item, coin: itemCoin, check };
    }
    if (mode === 'fixed') {
      const check =
        itemCoin === coin
          ? checkListingPrice(priceEntry.price, itemCoin?.decimals, i18n.language)
          : ({ ok: false, message: null } as const);
      return { item, coin: itemCoin, check };
    }
    const floor = floorOf(item);
    const rate = rateOf(itemCoin?.address);
    const pct = parseDecimalInput(percent, i18n.language);
    const wei =
      floor && rate && itemCoin && pct.ok
        ? relativePriceWei(floor, pct.value, rate, itemCoin.decimals)
        : null;
    return {
      item,
      coin: itemCoin,
      check:
        wei === null
          ? ({ ok: false, message: null } as const)
          : ({ ok: true, value: priceText(wei, itemCoin!.decimals) } as const),
    };
  });
  const ready = priced.every((p) => p.coin !== null && p.check.ok);
  const refused = priced.find((p) => !p.check.ok)?.check;
  // The first refused price's reason (none for an item whose floor or rate is unknown).
  const firstRefusal = refused && !refused.ok ? refused.message : null;

  const submit = async () => {
    if (!ready) return;
    const lines: BulkLine[] = priced.map((p) => ({
      item: p.item,
      units: p.item.contractType === 'ERC1155' ? BigInt(p.item.amount) : 1n,
      coin: p.coin!.address as Address,
      priceWei: parseUnits(p.check.ok ? p.check.value : '0', p.coin!.decimals),
    }));
    const ok = await flow.run((wallet, onHash, report) =>
      listWithOneSignature(
        wallet,
        onHash,
        report,
        lines.map((l) => l.item.contractAddr),
        (terms) => bulkListings(lines, { ...terms, end: terms.start + BigInt(days) * DAY }),
      ),
    );
    if (ok) toast.success(t('bulk.success', { count: lines.length }));
  };

  return (
    <TradeDialog
      title={t('bulk.title', { count: items.length })}
      onClose={onClose}
      flow={flow}
      testId="bulk-list-modal"
      success={
        <TradeSuccess testId="bulk-list-success">
          {t('bulk.success', { count: items.length })}
        </TradeSuccess>
      }
      review={{
        label: t('trade.list.review'),
        testId: 'bulk-list-review',
        disabled: !ready,
        renderStep: () =>
          ready ? (
            <BulkConfirmStep
              lines={priced.map(({ item, coin: itemCoin, check }) => {
                const price = check.ok ? check.value : '0';
                return {
                  item,
                  price,
                  symbol: itemCoin?.symbol ?? '',
                  warning: floorWarning(price, rateOf(itemCoin?.address), floorOf(item)),
                };
              })}
            />
          ) : null,
      }}
      submit={{
        label: t('bulk.submit', { count: items.length }),
        testId: 'bulk-list-confirm',
        disabled: !ready,
        onSubmit: () => void submit(),
      }}
    >
      <div className="mt-4 grid grid-cols-2 gap-3">
        <CoinSelect
          label={t('trade.list.coin')}
          testId="bulk-coin"
          coins={coins.data ?? []}
          index={coinIndex}
          onChange={setCoinIndex}
          className=""
        />
        <div>
          <label htmlFor={ids.days} className="text-sm font-medium text-slate-200">
            {t('bulk.duration')}
          </label>
          <select
            id={ids.days}
            data-testid="bulk-days"
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
            className={inputClass}
          >
            {DURATIONS.map((d) => (
              <option key={d} value={d}>
                {t('bulk.days', { count: d })}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-slate-200">{t('bulk.priceMode')}</legend>
        <div className="mt-1 flex gap-4 text-sm">
          {(['fixed', 'floor'] as const).map((m) => (
            <label key={m} className="flex items-center gap-2">
              <input
                type="radio"
                name={ids.mode}
                data-testid={`bulk-mode-${m}`}
                checked={mode === m}
                onChange={() => setMode(m)}
              />
              {t(`bulk.mode.${m}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {mode === 'fixed' ? (
        <PriceField
          label={t('bulk.priceAll')}
          {...priceEntry.fieldProps}
          symbol={coin?.symbol ?? ''}
          error={priceEntry.errorOf(
            checkListingPrice(priceEntry.price, coin?.decimals, i18n.language),
          )}
        />
      ) : (
        <div className="mt-4">
          <label className="text-sm font-medium text-slate-200">
            {t('bulk.percentOfFloor')}
            <input
              data-testid="bulk-percent"
              inputMode="decimal"
              value={percent}
              onChange={(e) => setPercent(e.target.value)}
              className={inputClass}
            />
          </label>
        </div>
      )}
      <ul className="mt-4 max-h-64 space-y-1.5 overflow-y-auto text-sm">
        {priced.map(({ item, check }) => (
          <li
            key={itemKey(item)}
            data-testid="bulk-item"
            data-item-key={itemKey(item)}
            className="flex items-center justify-between gap-3"
          >
            <span className="min-w-0 flex-1 truncate">{itemName(item.name, item.tokenId)}</span>
            <select
              data-testid="bulk-item-coin"
              aria-label={t('bulk.itemCoin', { name: itemName(item.name, item.tokenId) })}
              value={coinIndexOf(item)}
              onChange={(e) => {
                const next = Number(e.target.value);
                setOwnCoin((o) => {
                  const rest = { ...o };
                  delete rest[itemKey(item)];
                  return next === coinIndex ? rest : { ...rest, [itemKey(item)]: next };
                });
              }}
              className="h-9 rounded-lg border border-white/15 bg-ink-950 px-1 text-slate-100"
            >
              {(coins.data ?? []).map((c, i) => (
                <option key={c.address} value={i}>
                  {c.symbol}
                </option>
              ))}
            </select>
            <input
              data-testid="bulk-item-price"
              aria-label={t('bulk.itemPrice', { name: itemName(item.name, item.tokenId) })}
              inputMode="decimal"
              placeholder={check.ok ? localizeDecimal(i18n.language, check.value) : '—'}
              value={own[itemKey(item)] ?? ''}
              onChange={(e) => setOwn((o) => ({ ...o, [itemKey(item)]: e.target.value }))}
              aria-invalid={!check.ok && !!own[itemKey(item)]}
              className="h-9 w-32 rounded-lg border border-white/15 bg-ink-950 px-2 text-right text-slate-100 aria-[invalid=true]:border-rose-400"
            />
          </li>
        ))}
      </ul>
      {!ready && priceEntry.edited && (
        <p role="status" className="mt-2 text-xs text-slate-400">
          {ruleText(firstRefusal) ?? t('bulk.needPrice')}
        </p>
      )}
    </TradeDialog>
  );
}

/**
 * The review of a bulk listing: each item's price and coin as they will be signed, with the
 * single listing's price-sanity warning under it, and the one signature that lists them all.
 */
function BulkConfirmStep({
  lines,
}: {
  lines: readonly { item: NftCardVO; price: string; symbol: string; warning: FloorWarning }[];
}) {
  const { t, i18n } = useTranslation();
  return (
    <div data-testid="bulk-confirm-step" className="mt-4 space-y-2 text-sm">
      <p className="font-semibold text-slate-100">{t('trade.confirm.title')}</p>
      <ul className="max-h-80 space-y-2 overflow-y-auto">
        {lines.map(({ item, price, symbol, warning }) => (
          <li
            key={itemKey(item)}
            data-testid="bulk-confirm-line"
            className="rounded-xl border border-white/10 bg-white/5 p-2"
          >
            <div className="flex justify-between gap-3">
              <span className="truncate">{itemName(item.name, item.tokenId)}</span>
              <span className="font-semibold break-all">
                <span data-testid="bulk-confirm-price">
                  {localizeDecimal(i18n.language, price)}
                </span>{' '}
                <span data-testid="bulk-confirm-coin">{symbol}</span>
              </span>
            </div>
            <FloorWarningNote warning={warning} className="mt-1 text-amber-100" />
          </li>
        ))}
      </ul>
      <p className="text-slate-400">{t('bulk.oneSignature', { count: lines.length })}</p>
    </div>
  );
}
