// The webhook signature: `X-Aiamarket-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` over
// "<t>.<body>", so a receiver can check both who sent the body and that it is recent.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-aiamarket-signature';
export const EVENT_ID_HEADER = 'x-aiamarket-event-id';

const hmac = (secret: string, t: number, body: string) =>
  createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

/** The header value for `body` sent at `t` (unix seconds). */
export function signatureHeader(secret: string, body: string, t: number): string {
  return `t=${t},v1=${hmac(secret, t, body)}`;
}

/**
 * What docs/webhooks.md tells a studio to do: true when the header's v1 is the HMAC of
 * "<t>.<body>" and t is within `toleranceSec` of now (a replayed old request fails).
 */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  opts: { nowSec?: number; toleranceSec?: number } = {},
): boolean {
  const parts = new Map(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(v1)) return false;
  const now = opts.nowSec ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (opts.toleranceSec ?? 300)) return false;
  return timingSafeEqual(Buffer.from(hmac(secret, t, body), 'hex'), Buffer.from(v1, 'hex'));
}
