import { z } from 'zod';

// Apart from reference.ts: the web converts prices on its first pages, and zod must not come
// with them (first-visit budget).

/** A rate as an operator types it: up to 18 integer digits and 18 decimals, above zero. */
const RATE_FORMAT = /^\d{1,18}(\.\d{1,18})?$/;

export const coinRateSchema = z.string().refine((v) => RATE_FORMAT.test(v) && /[1-9]/.test(v), {
  message: 'must be a decimal above 0 with at most 18 decimals, e.g. 0.25',
});
