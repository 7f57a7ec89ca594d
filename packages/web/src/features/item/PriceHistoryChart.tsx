import { useTranslation } from 'react-i18next';
import { REFERENCE_UNIT, type ActivityVO } from '@aiamarket/shared';
import { useLocaleFormat } from '../../lib/localeFormat';

const WIDTH = 600;
const HEIGHT = 200;
const PAD = { top: 16, right: 16, bottom: 28, left: 56 };

export interface PricePoint {
  time: number;
  /** In the reference unit. */
  price: number;
  /** The reference price as text (exact). */
  label: string;
  /** What was paid: the price in its own coin, e.g. "9 USDT". */
  paid: { price: string; coin: string | null };
}

/**
 * Every sale as a point in the reference unit (each at the rate stored with it), oldest first,
 * so that sales in different coins share one axis. A sale whose coin had no rate has no
 * reference price and is left out.
 */
export function pricePointsOf(trades: ActivityVO[]): { coin: string; points: PricePoint[] } {
  const points = trades
    .filter((t) => t.priceRef != null && Number.isFinite(Number(t.priceRef)))
    .map((t) => ({
      time: Date.parse(t.createDate),
      price: Number(t.priceRef),
      label: t.priceRef ?? '0',
      paid: { price: t.price ?? '0', coin: t.coin },
    }))
    .sort((a, b) => a.time - b.time);
  return { coin: REFERENCE_UNIT.symbol, points };
}

/** A small line chart of an item's sale prices, with the figures in a table for screen readers. */
export function PriceHistoryChart({ trades }: { trades: ActivityVO[] }) {
  const { t } = useTranslation();
  const fmt = useLocaleFormat();
  const { coin, points } = pricePointsOf(trades);
  if (points.length === 0) {
    return (
      <p data-testid="price-history-empty" className="py-8 text-center text-sm text-slate-400">
        {t('item.noSales')}
      </p>
    );
  }
  const prices = points.map((p) => p.price);
  const lo = Math.min(...prices);
  const hi = Math.max(...prices);
  const span = hi - lo || Math.max(hi, 1);
  const first = points[0]!.time;
  const last = points[points.length - 1]!.time;
  const x = (time: number) =>
    PAD.left +
    (last === first ? 0.5 : (time - first) / (last - first)) * (WIDTH - PAD.left - PAD.right);
  const y = (price: number) =>
    PAD.top +
    (1 - (price - (hi === lo ? lo - span / 2 : lo)) / span) * (HEIGHT - PAD.top - PAD.bottom);
  const path = points
    .map((p, i) => `${i ? 'L' : 'M'}${x(p.time).toFixed(1)},${y(p.price).toFixed(1)}`)
    .join('');
  const ticks = hi === lo ? [hi] : [lo, (lo + hi) / 2, hi];

  return (
    <figure data-testid="price-history">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-label={t('item.chartLabel', {
          count: points.length,
          n: fmt.integer(points.length),
          coin: coin ?? '',
        })}
      >
        {ticks.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(v)} y2={y(v)} stroke="#ffffff1a" />
            <text x={PAD.left - 8} y={y(v) + 4} textAnchor="end" fontSize="11" fill="#94a3b8">
              {fmt.volume(v)}
            </text>
          </g>
        ))}
        <text x={PAD.left} y={HEIGHT - 8} fontSize="11" fill="#94a3b8">
          {fmt.date(first)}
        </text>
        {last !== first && (
          <text x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end" fontSize="11" fill="#94a3b8">
            {fmt.date(last)}
          </text>
        )}
        <path d={path} fill="none" stroke="#22d3ee" strokeWidth={2} strokeLinejoin="round" />
        {points.map((p, i) => (
          <circle
            key={i}
            cx={x(p.time)}
            cy={y(p.price)}
            r={3.5}
            fill="#22d3ee"
            data-testid="price-point"
          />
        ))}
      </svg>
      <figcaption className="sr-only">
        <table>
          <caption>{t('item.priceHistory')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('item.date')}</th>
              <th scope="col">{t('item.price')}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p, i) => (
              <tr key={i}>
                <td>{fmt.dateTime(p.time)}</td>
                <td>
                  {fmt.price(p.label)} {coin}
                  {p.paid.coin !== coin && ` (${fmt.price(p.paid.price)} ${p.paid.coin ?? ''})`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
