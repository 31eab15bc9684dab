import type { IExecuteFunctions } from 'n8n-workflow';

import { isIpLiteral, privateAddressKind } from '../rules/addresses';
import { fetchRefusal, parseUrl, privateHostOf } from '../rules/urls';

/**
 * A URL's name judged by where it resolves, before any byte is sent (docs/architecture.md, Promises:
 * Downloads from where results live): `127.0.0.1.nip.io` reads as public and leads to this machine.
 * Every address of the name counts: one private address among public ones is enough to refuse.
 *
 * The connection is not pinned to the addresses checked here: n8n's httpRequest takes a URL and no
 * lookup (n8n-core 2.40 throws on `agentOptions.lookup`, DNS being its SSRF policy's), so a name
 * that changes its answer between this check and the connection (DNS rebinding) is the residual
 * risk. An instance that turns on n8n's own SSRF protection (N8N_SSRF_PROTECTION_ENABLED) also
 * checks at connect time.
 */

/** Every address a name resolves to (IPv4 and IPv6); rejects when it does not resolve. */
export type Resolver = (host: string) => Promise<string[]>;

type LookupDone = (error: Error | null, addresses: unknown) => void;
type Lookup = (host: string, options: { all: true }, done: LookupDone) => void;
type EgressHelpers = Partial<Pick<IExecuteFunctions['helpers'], 'getSecureEgressFilter'>>;

/**
 * The context's DNS lookup: a community node may not import node:dns, so n8n's egress filter
 * lends it. Taken 'unsafe' (n8n's plain lookup, whatever the instance's policy) because it only
 * reads addresses, judged here; the request itself still goes through httpRequest and the
 * instance's policy. Undefined on n8n versions without it (1.x): the URL's text is judged alone.
 */
export function resolverOf(ctx: { helpers: object }): Resolver | undefined {
	const { getSecureEgressFilter } = ctx.helpers as EgressHelpers;
	if (typeof getSecureEgressFilter !== 'function') return undefined;
	const lookup = getSecureEgressFilter('unsafe').createSecureLookup() as unknown as Lookup;
	return async (host) =>
		await new Promise<string[]>((resolve, reject) =>
			lookup(host, { all: true }, (error, addresses) =>
				error
					? reject(error)
					: resolve((addresses as Array<{ address: string }>).map((entry) => entry.address)),
			),
		);
}

/**
 * Why n8n may not fetch `url` itself: fetchRefusal's rule on the URL's text, then, for a name that
 * is neither the credential's own origin nor allowed by Allow Private File Hosts, where it
 * resolves. A name that does not resolve is refused too: nothing is sent to guess.
 */
export async function fetchRefusalResolved(
	url: string,
	ownOrigin: string | undefined,
	allowPrivate: boolean,
	resolve: Resolver | undefined,
): Promise<string | undefined> {
	const literal = fetchRefusal(url, ownOrigin, allowPrivate);
	const name = literal !== undefined || allowPrivate ? undefined : resolvableName(url, ownOrigin);
	if (name === undefined || !resolve) return literal;
	return await resolvedRefusal(name, resolve, true);
}

/**
 * For a URL the service fetches, not n8n (Upscale's source): refused when its name resolves to a
 * private address here. A name that does not resolve here may resolve where the service runs, so
 * it is passed on for the service to judge.
 */
export async function passedUrlRefusal(
	url: string,
	ownOrigin: string | undefined,
	resolve: Resolver | undefined,
): Promise<string | undefined> {
	const name = resolvableName(url, ownOrigin);
	if (name === undefined || !resolve) return undefined;
	return await resolvedRefusal(name, resolve, false);
}

/**
 * For a media URL handed to a service to fetch (a reference image, a frame, a video, an upload by
 * URL): why only a private network reaches it, by its text and then by where its name resolves
 * here. The credential's own origin passes (the service's own files); a name that does not resolve
 * here passes too, for the service to judge.
 */
export async function handedUrlRefusal(
	url: string,
	ownOrigin: string | undefined,
	resolve: Resolver | undefined,
): Promise<string | undefined> {
	if (parseUrl(url)?.origin === ownOrigin) return undefined;
	return privateHostOf(url) ?? (await passedUrlRefusal(url, ownOrigin, resolve));
}

/** The URL's host when it is a name to resolve: not an IP literal, not the credential's origin. */
function resolvableName(url: string, ownOrigin: string | undefined): string | undefined {
	const parsed = parseUrl(url);
	if (!parsed || parsed.origin === ownOrigin || isIpLiteral(parsed.hostname)) return undefined;
	return parsed.hostname;
}

async function resolvedRefusal(
	host: string,
	resolve: Resolver,
	unresolvedRefused: boolean,
): Promise<string | undefined> {
	let addresses: string[];
	try {
		addresses = await resolve(host);
	} catch (error) {
		return unresolvedRefused ? notResolving(host, error) : undefined;
	}
	if (addresses.length === 0) return unresolvedRefused ? `${host} does not resolve` : undefined;
	for (const address of addresses) {
		const kind = privateAddressKind(address);
		if (kind) return `${host} resolves to ${address}, ${kind}`;
	}
	return undefined;
}

/** ENOTFOUND is a name that does not exist; any other code (EAI_AGAIN: no answer) is named. */
function notResolving(host: string, error: unknown): string {
	const code = (error as { code?: unknown } | undefined)?.code;
	const why = typeof code === 'string' && code !== 'ENOTFOUND' ? ` (${code})` : '';
	return `${host} does not resolve${why}`;
}
