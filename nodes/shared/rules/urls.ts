/** What kind of reference a string is, and whether a URL points somewhere private or insecure. */
import { CODES } from './codes';
import { fail, shown, type Failure } from './result';

type UrlForm = 'https' | 'http' | 'asset' | 'data' | 'invalid';

const ASSET_REF = /^asset:\/\/[^\s/]+$/;
const DATA_URI = /^data:[\w.+-]+\/[\w.+-]+;base64,/i;

/** The form of a media reference: https/http URL, asset://<id>, Base64 data URI, or none of them. */
export function urlForm(value: string): UrlForm {
	if (ASSET_REF.test(value)) return 'asset';
	if (DATA_URI.test(value)) return 'data';
	const url = parseUrl(value);
	if (!url || url.hostname === '') return 'invalid';
	if (url.protocol === 'https:') return 'https';
	return url.protocol === 'http:' ? 'http' : 'invalid';
}

/** An optional http(s) URL field (callBackUrl, source.url): INVALID_URL when present and not one. */
export function checkHttpUrl(value: unknown, path: string): Failure | undefined {
	if (value === undefined) return undefined;
	const form = typeof value === 'string' ? urlForm(value) : 'invalid';
	if (form === 'https' || form === 'http') return undefined;
	return fail(
		CODES.INVALID_URL,
		`${path} ${shown(value)} is not an http(s) URL: send a full URL starting with https://`,
		path,
	);
}

export function parseUrl(value: string): URL | undefined {
	try {
		return new URL(value);
	} catch {
		return undefined;
	}
}

/**
 * True for URLs the service rejects as external upscale sources: not https, localhost and internal
 * names, private/loopback/link-local/reserved IPs (v4, v6, v4-mapped v6). A malformed URL is true
 * too (it cannot be shown to be safe).
 */
export function isPrivateOrInsecureUrl(url: string): boolean {
	const parsed = parseUrl(url);
	if (!parsed || parsed.protocol !== 'https:' || parsed.hostname === '') return true;
	const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
	if (host.startsWith('[')) return isPrivateIpv6(host.slice(1, -1));
	if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return isPrivateIpv4(host);
	return isInternalName(host);
}

/**
 * Why n8n may not fetch a URL itself (a result file, a media header), or undefined when it may
 * (docs/architecture.md, Promises: Downloads from where results live): a public https address, or the
 * credential's own origin (scheme, host and port: another port of the same host is another
 * origin). `allowPrivate` lets a self-hosted setup reach any http(s) host. The one rule for every
 * fetch; each redirect hop is judged by it again.
 */
export function fetchRefusal(
	url: string,
	ownOrigin: string | undefined,
	allowPrivate = false,
): string | undefined {
	const parsed = parseUrl(url);
	if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.hostname === '')
		return 'only http and https URLs are fetched';
	if (ownOrigin !== undefined && parsed.origin === ownOrigin) return undefined;
	if (allowPrivate || !isPrivateOrInsecureUrl(url)) return undefined;
	return `${parsed.protocol}//${parsed.host} is neither a public https address nor the credential's own origin`;
}

/** Single-label names and the reserved internal suffixes resolve only inside a network. */
function isInternalName(host: string): boolean {
	if (!host.includes('.')) return true;
	return ['.localhost', '.local', '.internal', '.intranet', '.lan', '.home.arpa'].some((s) =>
		host.endsWith(s),
	);
}

/** [first octet, second octet from, second octet to] of private and reserved IPv4 blocks. */
const PRIVATE_V4: readonly [number, number, number][] = [
	[0, 0, 255], // "this" network
	[10, 0, 255],
	[100, 64, 127], // carrier-grade NAT
	[127, 0, 255], // loopback
	[169, 254, 254], // link-local (cloud metadata)
	[172, 16, 31],
	[192, 168, 168],
	[198, 18, 19], // benchmarking
];

function isPrivateIpv4(host: string): boolean {
	const [a, b, c] = host.split('.').map(Number);
	if (a >= 224) return true; // multicast and reserved
	if (a === 192 && b === 0 && (c === 0 || c === 2)) return true; // IETF protocol, TEST-NET-1
	return PRIVATE_V4.some(([first, from, to]) => a === first && b >= from && b <= to);
}

function isPrivateIpv6(host: string): boolean {
	if (host === '::' || host === '::1') return true;
	const mapped = host.match(/^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/);
	if (mapped) return isPrivateIpv4(mapped[1] ?? hexPairToIpv4(mapped[2], mapped[3]));
	const first = parseInt(host.split(':')[0] || '0', 16);
	// fc00::/7 unique local, fe80::/10 link-local, ff00::/8 multicast
	return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00;
}

function hexPairToIpv4(high: string, low: string): string {
	const h = parseInt(high, 16);
	const l = parseInt(low, 16);
	return [h >> 8, h & 255, l >> 8, l & 255].join('.');
}
