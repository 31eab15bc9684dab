/** What kind of reference a string is, and whether a URL points somewhere private or insecure. */
import { isIpLiteral, privateAddressKind } from './addresses';
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
 * names, private/loopback/link-local/reserved IPs (v4, v6, and v6 that carries a v4: mapped,
 * compatible, NAT64). A malformed URL is true too (it cannot be shown to be safe). The URL's text
 * only: where a name resolves is judged where n8n fetches (transport/resolve-check.ts).
 */
export function isPrivateOrInsecureUrl(url: string): boolean {
	const parsed = parseUrl(url);
	if (!parsed || parsed.protocol !== 'https:' || parsed.hostname === '') return true;
	return privateHostOf(url) !== undefined;
}

/**
 * What a http(s) URL's host is when only a private network reaches it, by its text: a loopback,
 * private, link-local or reserved IP literal ("127.0.0.1 is a loopback address"), or an internal
 * name. Undefined for a public host and for anything that is not a http(s) URL. A name's addresses
 * are judged where n8n lends a lookup (transport/resolve-check.ts).
 */
export function privateHostOf(url: string): string | undefined {
	const parsed = parseUrl(url);
	if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.hostname === '') return undefined;
	const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
	if (isIpLiteral(host)) {
		const kind = privateAddressKind(host);
		return kind && `${host} is ${kind}`;
	}
	return isInternalName(host) ? `${host} is a name only a local network knows` : undefined;
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
