/** A numeric(…, 18) amount as a plain decimal string without trailing zeros ("1.5", "2"). */
export function plainDecimal(value: string | null): string | null {
  if (value === null) return null;
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}
