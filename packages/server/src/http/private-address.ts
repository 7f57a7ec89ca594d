// Which addresses a server-side request (token metadata, webhooks) must not reach unless the
// operator allows it: a URL given by a stranger must not be a way into the private network.
// ipaddr.js parses every spelling (IPv4-mapped, compressed or long IPv6, zone ids, octal or hex
// IPv4) and names the special-purpose range, so no rule here matches text.
import dns from 'node:dns';
import type http from 'node:http';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** Global unicast (2000::/3): the only IPv6 space the registries hand out for the internet. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
/** NAT64's well-known prefix, whose last 32 bits are the IPv4 address reached. */
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

const v4FromWords = (hi: number, lo: number) =>
  new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);

/** The IPv4 addresses an IPv6 transition address carries (the ones a packet ends up at). */
function embeddedIPv4(addr: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const p = addr.parts;
  switch (addr.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return [v4FromWords(p[6]!, p[7]!)];
    case 'rfc6052':
      // Only the /96 well-known prefix has a fixed place for the IPv4; 64:ff9b:1::/48 is for
      // local use with the operator's own layout, so it stays refused (null).
      return addr.match(NAT64_WELL_KNOWN) ? [v4FromWords(p[6]!, p[7]!)] : null;
    case '6to4':
      return [v4FromWords(p[1]!, p[2]!)];
    case 'teredo':
      // The Teredo server, and the client's public address (stored inverted).
      return [v4FromWords(p[2]!, p[3]!), v4FromWords(~p[6]! & 0xffff, ~p[7]! & 0xffff)];
    default:
      return null;
  }
}

function isPublic(addr: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (addr.kind() === 'ipv4') return addr.range() === 'unicast';
  const v6 = addr as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded) return embedded.every((v4) => v4.range() === 'unicast');
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6);
}

/**
 * True unless `ip` is a public (global unicast) address: loopback, private, link-local,
 * unique-local, CGNAT, reserved, benchmarking, multicast, broadcast, unspecified, ... and the
 * IPv6 forms that carry such an IPv4 (mapped, NAT64, 6to4, Teredo). Text that is no address
 * (nothing to classify) counts as private.
 */
export function isPrivateAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return true;
  return !isPublic(ipaddr.parse(bare));
}

/** A URL host without the brackets of an IPv6 literal. */
export const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * The host of `url` when it is an IP literal and private, else null. Node connects to a literal
 * without calling `lookup`, so literals need this check (the WHATWG parser has already turned
 * decimal, octal and hex IPv4 into dotted form and compressed IPv6).
 */
export function privateLiteralOf(url: URL): string | null {
  const host = bareHost(url);
  return net.isIP(host) && isPrivateAddress(host) ? host : null;
}

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

/**
 * Destroys `req` with `refuse(address)` when its socket is connected to a private address: a
 * second line behind the lookup and literal checks. The check runs on the socket's 'connect',
 * before the request is written (a pooled socket was checked when it connected).
 */
export function refusePrivatePeer(
  req: http.ClientRequest,
  refuse: (address: string) => Error,
): void {
  req.once('socket', (socket: net.Socket) => {
    const check = () => {
      const address = socket.remoteAddress;
      if (!address || isPrivateAddress(address)) req.destroy(refuse(address ?? 'unknown'));
    };
    if (socket.connecting) socket.once('connect', check);
    else check();
  });
}

/** The first private address `url`'s host is or resolves to, or null (a failed lookup throws). */
export async function privateAddressOf(url: URL): Promise<string | null> {
  const host = bareHost(url);
  if (net.isIP(host)) return isPrivateAddress(host) ? host : null;
  const list = await dns.promises.lookup(host, { all: true });
  return list.find((a) => isPrivateAddress(a.address))?.address ?? null;
}
