// Plain decimal text, written once: every figure the API answers and the app shows goes through
// these (the numeric columns' "1.500000000000000000", raw on-chain units, rounded prices), so a
// price never reads "1.50" on one page and "1.5" on another.

/** digits x 10^-scale as plain text without trailing zeros: (150n, 2) -> "1.5", (0n, 5) -> "0". */
export function decimalText(digits: bigint, scale: number): string {
  const negative = digits < 0n;
  const abs = negative ? -digits : digits;
  if (abs === 0n) return '0';
  if (scale <= 0) return `${negative ? '-' : ''}${abs}${'0'.repeat(-scale)}`;
  const text = abs.toString().padStart(scale + 1, '0');
  const whole = text.slice(0, text.length - scale);
  const fraction = text.slice(text.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

const PLAIN = /^(-)?(\d*)(?:\.(\d*))?$/;

/**
 * Decimal text ("-001.2500", "1.", ".5") as its shortest exact form ("-1.25", "1", "0.5");
 * "-0" and "" are "0". Throws a RangeError on anything else (a comma, an exponent, letters).
 */
export function trimDecimal(text: string): string {
  const m = PLAIN.exec(text.trim());
  if (!m) throw new RangeError(`not plain decimal text: ${text}`);
  const fraction = m[3] ?? '';
  const digits = BigInt(`${m[2] ?? ''}${fraction}` || '0');
  return decimalText(m[1] ? -digits : digits, fraction.length);
}

/** A raw amount in a coin's smallest units as decimal text: unitsText(1_500_000n, 6) = "1.5". */
export function unitsText(raw: bigint | string, decimals: number): string {
  return decimalText(BigInt(raw), decimals);
}

/** Compares two non-negative decimal strings exactly (no floating point). */
export function compareDecimals(a: string, b: string): number {
  const [ai = '', af = ''] = a.split('.');
  const [bi = '', bf = ''] = b.split('.');
  const intA = ai.replace(/^0+/, '');
  const intB = bi.replace(/^0+/, '');
  if (intA.length !== intB.length) return intA.length < intB.length ? -1 : 1;
  if (intA !== intB) return intA < intB ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const fa = af.padEnd(width, '0');
  const fb = bf.padEnd(width, '0');
  return fa === fb ? 0 : fa < fb ? -1 : 1;
}
