// Server-side requests (token metadata, webhooks) never reach a private address, whatever the
// spelling: a seeded property over the forms the URL parser and dns.lookup accept, and real
// loopback listeners that must see no request.
import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isPrivateAddress,
  privateLiteralOf,
  refusePrivatePeer,
} from '../src/http/private-address.js';
import { DEFAULT_METADATA_OPTIONS, fetchText } from '../src/metadata/index.js';
import { checkWebhookUrl, WebhookError } from '../src/modules/webhook/store.js';
import { postJson } from '../src/modules/webhook/post.js';

// ---------------------------------------------------------------- the model

/** [first address as a 32-bit number, prefix length]: written from the IANA registry. */
type V4Block = [number, number];
const v4 = (a: number, b: number, c: number, d: number) =>
  ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
const PRIVATE_V4: V4Block[] = [
  [v4(0, 0, 0, 0), 8],
  [v4(10, 0, 0, 0), 8],
  [v4(100, 64, 0, 0), 10],
  [v4(127, 0, 0, 0), 8],
  [v4(169, 254, 0, 0), 16],
  [v4(172, 16, 0, 0), 12],
  [v4(192, 0, 0, 0), 24],
  [v4(192, 0, 2, 0), 24],
  [v4(192, 168, 0, 0), 16],
  [v4(198, 18, 0, 0), 15],
  [v4(198, 51, 100, 0), 24],
  [v4(203, 0, 113, 0), 24],
  [v4(224, 0, 0, 0), 4],
  [v4(240, 0, 0, 0), 4],
];
/** Blocks held by public networks (DNS resolvers, CDNs, search engines). */
const PUBLIC_V4: V4Block[] = [
  [v4(1, 1, 1, 0), 24],
  [v4(8, 8, 0, 0), 16],
  [v4(9, 9, 9, 0), 24],
  [v4(93, 184, 0, 0), 16],
  [v4(104, 16, 0, 0), 13],
  [v4(142, 250, 0, 0), 15],
  [v4(151, 101, 0, 0), 16],
];

const inBlock = ([base, bits]: V4Block) =>
  fc.nat({ max: 2 ** (32 - bits) - 1 }).map((offset) => (base + offset) >>> 0);
const addressIn = (blocks: V4Block[]) =>
  fc.constantFrom(...blocks).chain((block) => inBlock(block));

const octets = (n: number) => [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const dotted = (n: number) => octets(n).join('.');
const hex16 = (n: number) => n.toString(16);
/** The two low and two high 16-bit words of an IPv4 address, as IPv6 groups. */
const words = (n: number) => [hex16(n >>> 16), hex16(n & 0xffff)];

/** Every way the URL parser (and getaddrinfo) reads an IPv4 address. */
const v4Spelling = (n: number) =>
  fc.constantFrom(
    dotted(n),
    String(n),
    `0x${n.toString(16)}`,
    octets(n)
      .map((o) => `0${o.toString(8)}`)
      .join('.'),
    octets(n)
      .map((o) => `0x${o.toString(16)}`)
      .join('.'),
    // a.b.c (c is 16 bits) and a.b (b is 24 bits)
    `${n >>> 24}.${(n >>> 16) & 0xff}.${n & 0xffff}`,
    `${n >>> 24}.0x${(n & 0xffffff).toString(16)}`,
    `${dotted(n)}.`,
  );

/** Long, compressed and upper-case spellings of eight IPv6 groups. */
function v6Spellings(groups: string[]): string[] {
  const long = groups.map((g) => g.padStart(4, '0')).join(':');
  const short = groups.map((g) => g.replace(/^0+(?=.)/, ''));
  // Compress the longest run of zero groups (any run is valid; the longest is the usual one).
  let best = [-1, 0];
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && short[j] === '0') j++;
    if (j - i > best[1]!) best = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  const compressed =
    best[0]! < 0 || best[1]! < 2
      ? short.join(':')
      : `${short.slice(0, best[0]).join(':')}::${short.slice(best[0]! + best[1]!).join(':')}`;
  return [long, compressed, compressed.toUpperCase(), short.join(':')];
}

interface Case {
  /** The text as a URL host or a dns.lookup argument. */
  text: string;
  private: boolean;
  /** Zone ids are for dns.lookup only (the URL parser refuses them). */
  zone?: boolean;
}

const v4Case = (blocks: V4Block[], isPrivate: boolean) =>
  addressIn(blocks).chain((n) => v4Spelling(n).map((text): Case => ({ text, private: isPrivate })));

/** An IPv4 address carried in IPv6: mapped (hex and dotted), NAT64, 6to4, Teredo. */
const embeddedCase = (blocks: V4Block[], isPrivate: boolean) =>
  addressIn(blocks).chain((n) => {
    const [hi, lo] = words(n) as [string, string];
    const inverted = words(~n >>> 0);
    const forms = [
      ...v6Spellings(['0', '0', '0', '0', '0', 'ffff', hi, lo]),
      `::ffff:${dotted(n)}`,
      `0:0:0:0:0:FFFF:${dotted(n)}`,
      ...v6Spellings(['64', 'ff9b', '0', '0', '0', '0', hi, lo]),
      `64:ff9b::${dotted(n)}`,
      ...v6Spellings(['2002', hi, lo, '0', '0', '0', '0', '1']),
      // Teredo with this address as both server and (inverted) client.
      ...v6Spellings(['2001', '0', hi, lo, '0', 'ffff', ...inverted]),
    ];
    return fc.constantFrom(...forms).map((text): Case => ({ text, private: isPrivate }));
  });

const group = fc.nat({ max: 0xffff }).map(hex16);
/** An IPv6 address in a /16 prefix (and a fixed second group when given). */
const v6In = (first: number, second?: number) =>
  fc
    .array(group, { minLength: 7, maxLength: 7 })
    .map((rest) => [
      hex16(first),
      ...(second === undefined ? rest : [hex16(second), ...rest.slice(1)]),
    ]);

const v6Case = (arb: fc.Arbitrary<string[]>, isPrivate: boolean) =>
  arb.chain((g) =>
    fc.constantFrom(...v6Spellings(g)).map((text): Case => ({ text, private: isPrivate })),
  );

const privateV6: fc.Arbitrary<Case> = fc.oneof(
  fc.constantFrom<Case>(
    { text: '::1', private: true },
    { text: '0:0:0:0:0:0:0:1', private: true },
    { text: '::', private: true },
    { text: '::127.0.0.1', private: true },
    { text: '::7f00:1', private: true },
  ),
  // link-local (with and without a zone id), unique-local, multicast, site-local, documentation,
  // benchmarking, discard, NAT64 local-use
  v6In(0xfe80, 0).chain((g) =>
    fc
      .constantFrom(...v6Spellings(g), `${v6Spellings(g)[1]}%eth0`, `${v6Spellings(g)[1]}%lo`)
      .map((text): Case => ({ text, private: true, zone: text.includes('%') })),
  ),
  v6Case(v6In(0xfc00), true),
  v6Case(v6In(0xfd12), true),
  v6Case(v6In(0xff02), true),
  v6Case(v6In(0xfec0), true),
  v6Case(v6In(0x2001, 0xdb8), true),
  v6Case(
    v6In(0x2001, 0x2).map((g) => [...g.slice(0, 2), '0', ...g.slice(3)]),
    true,
  ),
  v6Case(
    v6In(0x100, 0).map((g) => [g[0]!, '0', '0', '0', ...g.slice(4)]),
    true,
  ),
  v6Case(
    v6In(0x64, 0xff9b).map((g) => [g[0]!, g[1]!, '1', ...g.slice(3)]),
    true,
  ),
  embeddedCase(PRIVATE_V4, true),
);
const publicV6: fc.Arbitrary<Case> = fc.oneof(
  v6Case(v6In(0x2606, 0x4700), false),
  v6Case(v6In(0x2a00, 0x1450), false),
  v6Case(v6In(0x2001, 0x4860), false),
  embeddedCase(PUBLIC_V4, false),
);

const anyCase: fc.Arbitrary<Case> = fc.oneof(
  v4Case(PRIVATE_V4, true),
  v4Case(PUBLIC_V4, false),
  privateV6,
  publicV6,
);

const SEED = 20_261_128;
const RUNS = 1_000;

describe('private addresses in every spelling', () => {
  it('the verdict on a URL host and on what dns.lookup answers follows the range', async () => {
    const seen = { private: 0, public: 0, urls: 0, lookups: 0 };
    await fc.assert(
      fc.asyncProperty(anyCase, async (c) => {
        seen[c.private ? 'private' : 'public']++;
        // A trailing dot makes a host name of the text (the URL parser reads it as the address).
        if (!c.text.endsWith('.')) expect(isPrivateAddress(c.text), c.text).toBe(c.private);
        if (!c.zone) {
          const host = c.text.includes(':') ? `[${c.text}]` : c.text;
          const url = new URL(`http://${host}:8080/x`);
          // Always an IP literal once parsed (no numeric form is left for a lookup to read).
          expect(privateLiteralOf(url) !== null, `${c.text} -> ${url.hostname}`).toBe(c.private);
          seen.urls++;
        }
        // getaddrinfo reads numeric hosts itself; a form it refuses cannot be connected to.
        const answers = await dns.promises.lookup(c.text, { all: true }).catch(() => []);
        for (const { address } of answers) {
          expect(isPrivateAddress(address), `${c.text} -> ${address}`).toBe(c.private);
        }
        if (answers.length) seen.lookups++;
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // Both verdicts were exercised, through both readers.
    expect(seen.private).toBeGreaterThan(RUNS / 4);
    expect(seen.public).toBeGreaterThan(RUNS / 8);
    expect(seen.urls).toBeGreaterThan(RUNS / 2);
    expect(seen.lookups).toBeGreaterThan(RUNS / 2);
    console.info(`private-address property: ${JSON.stringify(seen)}`);
  });

  it('text that is no address counts as private', () => {
    for (const text of ['', 'localhost', 'example.com', '1.2.3.4.5', '[::1', 'fe80::1%']) {
      expect(isPrivateAddress(text), text).toBe(true);
    }
  });
});

// ---------------------------------------------------------------- loopback listeners

/** Listeners on 127.0.0.1 and (when the host has IPv6) ::1 that record every request. */
const hits: string[] = [];
const listeners: http.Server[] = [];
let port4 = 0;
let port6: number | null = null;

async function listen(host: string): Promise<number | null> {
  const server = http.createServer((req, res) => {
    hits.push(`${host} ${req.method} ${req.url}`);
    if (req.url === '/hop') {
      res.writeHead(302, { location: `http://[::ffff:7f00:1]:${port4}/secret` });
      return res.end();
    }
    if (req.url === '/hop6' && port6) {
      res.writeHead(302, { location: `http://[0:0:0:0:0:0:0:1]:${port6}/secret` });
      return res.end();
    }
    res.end('{"name":"secret","description":"from the private network"}');
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, host, resolve);
    });
  } catch {
    return null;
  }
  listeners.push(server);
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  port4 = (await listen('127.0.0.1'))!;
  port6 = await listen('::1');
});
afterAll(async () => {
  for (const s of listeners) s.closeAllConnections();
  await Promise.all(listeners.map((s) => new Promise((r) => s.close(r))));
});

/** Spellings of the listeners' addresses a stranger could put in a token URI or webhook URL. */
function loopbackUrls(path: string): string[] {
  const urls = [
    `http://[::ffff:7f00:1]:${port4}${path}`,
    `http://[::ffff:127.0.0.1]:${port4}${path}`,
    `http://[0:0:0:0:0:ffff:7f00:1]:${port4}${path}`,
    `http://[::ffff:7f00:0001]:${port4}${path}`,
    `http://2130706433:${port4}${path}`,
    `http://0x7f.1:${port4}${path}`,
    `http://0177.0.0.1:${port4}${path}`,
    `http://127.0.0.1.:${port4}${path}`,
    `http://127.1:${port4}${path}`,
    `http://localhost:${port4}${path}`,
  ];
  if (port6) urls.push(`http://[::1]:${port6}${path}`, `http://[0:0:0:0:0:0:0:1]:${port6}${path}`);
  return urls;
}

describe('nothing is fetched from a loopback listener', () => {
  const metadataOpts = (trustedOrigins: string[] = []) => ({
    ...DEFAULT_METADATA_OPTIONS,
    ipfsGateway: 'http://gateway.invalid',
    trustedOrigins,
    timeoutMs: 2_000,
    attempts: 1,
    backoffMs: 1,
  });

  it('metadata: any spelling of a loopback URL is refused', async () => {
    hits.length = 0;
    for (const url of loopbackUrls('/secret')) {
      await expect(fetchText(url, metadataOpts()), url).rejects.toThrow(/refused private address/);
    }
    expect(hits).toEqual([]);
  });

  it('metadata: a redirect from an allowed host to a loopback spelling is refused', async () => {
    hits.length = 0;
    const trusted = [`http://127.0.0.1:${port4}`, ...(port6 ? [`http://[::1]:${port6}`] : [])];
    await expect(fetchText(`http://127.0.0.1:${port4}/hop`, metadataOpts(trusted))).rejects.toThrow(
      /refused private address/,
    );
    // The allowed first hop was reached; the target of its redirect was not.
    expect(hits).toEqual([`127.0.0.1 GET /hop`]);
    if (port6) {
      hits.length = 0;
      await expect(
        fetchText(`http://127.0.0.1:${port4}/hop6`, metadataOpts([`http://127.0.0.1:${port4}`])),
      ).rejects.toThrow(/refused private address/);
      expect(hits).toEqual([`127.0.0.1 GET /hop6`]);
    }
  });

  it('webhooks: refused at creation and at delivery', async () => {
    hits.length = 0;
    for (const url of loopbackUrls('/hook')) {
      await expect(checkWebhookUrl(url, false), url).rejects.toThrow(WebhookError);
      await expect(checkWebhookUrl(url, false), url).rejects.toThrow(/private or loopback/);
      const result = await postJson(url, '{}', {}, { timeoutMs: 2_000, allowPrivate: false });
      expect(result.status, url).toBeNull();
      expect(result.error, url).toMatch(/^refused private address /);
    }
    expect(hits).toEqual([]);
    // The operator's setting still lets them through.
    const allowed = await postJson(
      `http://[::ffff:7f00:1]:${port4}/hook`,
      '{}',
      {},
      {
        timeoutMs: 2_000,
        allowPrivate: true,
      },
    );
    expect(allowed).toEqual({ status: 200, error: null });
    expect(hits).toEqual([`127.0.0.1 POST /hook`]);
  });

  it('the connected peer is checked even when a lookup lets a private address through', async () => {
    hits.length = 0;
    // A lookup that answers loopback for a public-looking name (as a DNS rebinding would).
    const lying = ((
      _host: string,
      opts: { all?: boolean },
      cb: (err: null, address: unknown, family?: number) => void,
    ) =>
      opts.all
        ? cb(null, [{ address: '127.0.0.1', family: 4 }])
        : cb(null, '127.0.0.1', 4)) as unknown as typeof dns.lookup;
    const error = await new Promise<Error>((resolve) => {
      const req = http.request(`http://public.example:${port4}/peer`, {
        method: 'POST',
        lookup: lying,
      });
      refusePrivatePeer(req, (a) => new Error(`refused private address ${a}`));
      req.on('response', () => resolve(new Error('answered')));
      req.on('error', resolve);
      req.end('{"secret":1}');
    });
    expect(error.message).toBe('refused private address 127.0.0.1');
    // Give the listener time to see a request if one had been written.
    await new Promise((r) => setTimeout(r, 100));
    expect(hits).toEqual([]);
  });
});
