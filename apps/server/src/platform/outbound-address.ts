/**
 * Where a webhook may point. A company's URL is called by the server from inside its network, so
 * private, loopback, link-local and other non-public addresses are refused (unless
 * WEBHOOKS_ALLOW_PRIVATE): when the subscription is saved, and again for the address each request
 * actually connects to, so a name that later resolves somewhere else (DNS rebinding) is refused too.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { AppError } from './errors.js';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(net, prefix, 'ipv6');

/** An IPv4 address written inside IPv6 (::ffff:10.0.0.1, ::ffff:a00:1) is judged as the IPv4 one. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:0*:)*:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower) ?? /^::(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:0*:)*:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const [high, low] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(address);
  return v4 ? !blocked.check(v4, 'ipv4') : !blocked.check(address, 'ipv6');
}

/** The URL's host without IPv6 brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Whether the URL may be saved: an address written in it must be public, a name must not resolve
 * to a non-public address. A name that does not resolve now is accepted: the request will fail
 * and be retried, and its address is checked again then.
 */
export async function mayPointTo(url: URL): Promise<boolean> {
  const host = hostOf(url);
  if (isIP(host)) return isPublicAddress(host);
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  const addresses = await new Promise<LookupAddress[]>((resolve) => dnsLookup(host, { all: true }, (error, found) => resolve(error ? [] : found)));
  return addresses.every((a) => isPublicAddress(a.address));
}

export class PrivateAddressError extends Error {
  constructor(address: string) {
    super(`address not allowed: ${address}`);
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http.request that refuses to connect to a non-public address. */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) return callback(new PrivateAddressError(refused.address), '');
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}

/**
 * A URL a company configured for the server to call (a webhook, an integration's service, a
 * service account's token endpoint), checked when it is saved: 400 ERR_WEBHOOK_URL_NOT_ALLOWED
 * on `field` when it points inside the network. `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE, on for
 * demo servers) lets local services be used.
 */
export async function assertOutboundUrl(url: string, options: { allowPrivate: boolean; field: string }): Promise<void> {
  if (options.allowPrivate) return;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError('ERR_VALIDATION', 400, { fields: { [options.field]: 'invalid' } });
  }
  if (!(await mayPointTo(parsed))) throw new AppError('ERR_WEBHOOK_URL_NOT_ALLOWED', 400, { fields: { [options.field]: 'invalid' } });
}
