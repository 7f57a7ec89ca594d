import { z } from 'zod';

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
