import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { displayImageUrl } from '@aiamarket/shared';

/**
 * The first public reads of the landing pages, as the web build lists them
 * (web/build/route-preload.ts writes landing-requests.json): the element id the app reads, and
 * per exact path the POST requests keyed as the app keys them.
 */
export interface LandingRequests {
  id: string;
  paths: Record<string, Record<string, { url: string; body: string }>>;
}

export const LANDING_REQUESTS_FILE = 'landing-requests.json';

/** How long the HTML waits for the data; past it the page is served without (the app asks). */
export const LANDING_DATA_WAIT_MS = 300;

export function readLandingRequests(webDistDir: string): LandingRequests | null {
  const file = path.join(webDistDir, LANDING_REQUESTS_FILE);
  if (!fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as LandingRequests;
}

/**
 * JSON that cannot end or open anything in HTML: inside a <script> block only `</script` or
 * `<!--` could, and `<` written as \u003c is the same JSON (`>` and `&` too, for good measure;
 * U+2028 and U+2029 are escaped as JavaScript once mistook them for line ends).
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeAttribute(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** The picture of a page's first record (the first card of a grid: the largest paint). */
function firstImage(envelope: unknown): string | null {
  const data = (envelope as { data?: { records?: { imageUrl?: unknown }[] } }).data;
  const url = data?.records?.[0]?.imageUrl;
  if (typeof url !== 'string' || !url) return null;
  const shown = displayImageUrl(url);
  // Only what the page itself would load: a same-origin path or an http(s) URL.
  return /^(\/(?!\/)|https?:\/\/)/i.test(shown) ? shown : null;
}

/**
 * The markup the server adds to index.html's head for a landing page: the answers of its first
 * reads as a non-executable JSON block (the app's first render takes them instead of asking,
 * and the CSP's script-src does not apply to it), and a preload of its first picture. The
 * answers come from the API's own routes (in-process), so they are exactly what the app would
 * get; the app keeps them fresh as after any read (live updates, refetches). Returns '' when
 * the reads fail or take longer than `waitMs`.
 */
export async function landingHead(
  app: FastifyInstance,
  requests: LandingRequests,
  pathname: string,
  waitMs = LANDING_DATA_WAIT_MS,
): Promise<string> {
  const reads = requests.paths[pathname];
  if (!reads) return '';
  const answers = Promise.all(
    Object.entries(reads).map(async ([key, { url, body }]) => {
      const res = await app.inject({
        method: 'POST',
        url,
        payload: body,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
      });
      if (res.statusCode !== 200) return null;
      const envelope = res.json<{ code?: unknown }>();
      return envelope.code === 0 ? ([key, envelope] as const) : null;
    }),
  );
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  const found = await Promise.race([answers, late])
    .catch(() => null)
    .finally(() => clearTimeout(timer));
  const entries = found?.filter((e) => e !== null) ?? [];
  if (!entries.length) return '';
  const image = entries.map(([, envelope]) => firstImage(envelope)).find(Boolean);
  return (
    `<script type="application/json" id="${escapeAttribute(requests.id)}">` +
    `${jsonForHtml(Object.fromEntries(entries))}</script>` +
    (image
      ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(image)}">`
      : '')
  );
}

/** index.html with `head` markup first in its head (before the loader, which reads it). */
export function withHead(html: string, head: string): string {
  return head ? html.replace(/<head>/i, (tag) => tag + head) : html;
}
