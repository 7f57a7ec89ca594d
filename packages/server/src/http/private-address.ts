// Which addresses a server-side request (token metadata, webhooks) must not reach unless the
// operator allows it: a URL given by a stranger must not be a way into the private network.
import dns from 'node:dns';
import net from 'node:net';

/** True for loopback, private, link-local, unique-local, CGNAT, multicast and unspecified. */
export function isPrivateAddress(ip: string): boolean {
  if (net.isIPv4(ip)) {
    const [a, b] = ip.split('.').map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  const v6 = ip.toLowerCase();
  if (v6.startsWith('::ffff:')) return isPrivateAddress(v6.slice(7));
  return (
    v6 === '::' ||
    v6 === '::1' ||
    v6.startsWith('fc') ||
    v6.startsWith('fd') ||
    v6.startsWith('fe8') ||
    v6.startsWith('fe9') ||
    v6.startsWith('fea') ||
    v6.startsWith('feb') ||
    v6.startsWith('ff')
  );
}

/** A URL host without the brackets of an IPv6 literal. */
export const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * A `lookup` for http.request that fails with `refuse(address)` when a name resolves to a private
 * address: checked at connect time, so a DNS answer cannot change between a check and the request.
 */
export function privateRefusingLookup(refuse: (address: string) => Error): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => isPrivateAddress(a.address));
      if (bad) return callback(refuse(bad.address), '', 0);
      if ((options as { all?: boolean }).all) return callback(null, list as never, 0);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** The first private address `url`'s host is or resolves to, or null (a failed lookup throws). */
export async function privateAddressOf(url: URL): Promise<string | null> {
  const host = bareHost(url);
  if (net.isIP(host)) return isPrivateAddress(host) ? host : null;
  const list = await dns.promises.lookup(host, { all: true });
  return list.find((a) => isPrivateAddress(a.address))?.address ?? null;
}
