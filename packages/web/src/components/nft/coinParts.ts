import { REFERENCE_UNIT, type CoinPart } from '@aiamarket/shared';

/**
 * The per-coin parts of a reference-unit figure as one line ("0.1 AIA + 4 USDT"), or undefined
 * when there is nothing to add: no parts, or only the reference coin itself. `join` is " + " for
 * a sum (a volume) and " · " for alternatives (the lowest price in each coin).
 */
export function coinPartsLine(
  parts: readonly CoinPart[] | undefined,
  price: (value: string) => string,
  join: ' + ' | ' · ' = ' + ',
): string | undefined {
  if (!parts || parts.length === 0) return undefined;
  if (parts.length === 1 && parts[0]!.currency === REFERENCE_UNIT.currency) return undefined;
  return parts.map((p) => `${price(p.amount)} ${p.symbol}`).join(join);
}
