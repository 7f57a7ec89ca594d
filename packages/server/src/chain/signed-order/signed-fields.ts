import type { Address } from 'viem';

/** A signed order's fields as a request carries them: addresses and integers as text. */
export type WireFields<T> = {
  [K in keyof T]: T[K] extends bigint ? string : T[K] extends Address ? string : T[K];
};

/**
 * The signed fields as the contract types them, read off the order's EIP-712 type: addresses
 * lowercased, uint256 as bigint, the rest (bool, a small uint8 enum) as they are. Deriving it
 * from the type keeps the server's reading and the signed struct from drifting apart.
 */
export function signedFieldsOf<T>(
  fields: readonly { name: keyof T & string; type: string }[],
  wire: WireFields<T>,
): T {
  const out: Partial<Record<keyof T, unknown>> = {};
  for (const { name, type } of fields) {
    const value = wire[name];
    if (type === 'address') out[name] = String(value).toLowerCase();
    else if (type === 'uint256') out[name] = BigInt(String(value));
    else out[name] = value;
  }
  return out as T;
}
