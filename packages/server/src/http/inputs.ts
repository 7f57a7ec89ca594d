import { z } from 'zod';
import { maxUint256 } from 'viem';

/** An image URL: one from /v1/api/ipfs/upload (/ipfs/{cid}) or an http(s) URL. */
export const imageUrlInput = z
  .string()
  .trim()
  .max(512)
  .refine((v) => /^\/ipfs\/[A-Za-z0-9]+$/.test(v) || /^https?:\/\/\S+$/.test(v), {
    message: 'must be /ipfs/{cid} or an http(s) URL',
  });

/** An http(s) link (buy links, social links). */
export const linkInput = z
  .string()
  .trim()
  .max(512)
  .refine((v) => /^https?:\/\/\S+$/.test(v) || /^\/\S*$/.test(v), {
    message: 'must be an http(s) URL or a path on this site',
  });

/** A sort key: lower first. */
export const sortInput = z.number().int().min(-1_000_000).max(1_000_000);

/** A decimal amount as text, e.g. "0.01" (up to 18 decimals). */
export const decimalInput = z
  .string()
  .trim()
  .regex(/^\d{1,30}(\.\d{1,18})?$/, 'a decimal number such as 0.01');

/** A uint256 as decimal text (numbers are accepted too; JSON loses precision past 2^53). */
export const uint256Input = z.coerce
  .string()
  .trim()
  .regex(/^\d{1,78}$/, 'must be a non-negative integer')
  // zod runs this check even after the regex failed: only digits reach BigInt.
  .refine((v) => !/^\d+$/.test(v) || BigInt(v) <= maxUint256, 'must fit in 256 bits');

/** 0x and between `bytes.min` and `bytes.max` bytes of hex (signatures, hashes). */
export const hexInput = (bytes: { min: number; max: number }) =>
  z
    .string()
    .trim()
    .regex(
      new RegExp(`^0x(?:[0-9a-fA-F]{2}){${bytes.min},${bytes.max}}$`),
      `must be 0x and ${bytes.min}-${bytes.max} bytes of hex`,
    );

/** A signature: 65 bytes for an EOA; a contract wallet (EIP-1271) may use any length to 4 KB. */
export const signatureInput = hexInput({ min: 1, max: 4096 });

/** true / false, also as the text a form sends. */
export const booleanInput = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((v) => v === 'true'),
]);
