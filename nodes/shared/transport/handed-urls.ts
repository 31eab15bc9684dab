import type { IExecuteFunctions } from 'n8n-workflow';

import type { Fault, Service } from '../errors';
import { CODES } from '../rules';
import { credentialOrigin } from './own-origin';
import { handedUrlRefusal, resolverOf } from './resolve-check';

/** A media URL a request hands the service to fetch, and its API path ('inputs.urls[0]'). */
export interface HandedUrl {
	url: string;
	path: string;
}

/** The refusal of the first URL only a private network reaches, or undefined. */
export type UrlJudge = (urls: HandedUrl[]) => Promise<Fault | undefined>;

/**
 * The judge of the media URLs a node hands `service` to fetch (a reference image, a frame, a
 * video, an upload by URL): one that only a private network reaches (loopback, private,
 * link-local, an internal name, or a name that resolves to one where n8n lends the lookup) is
 * refused, as a real service could not fetch it yet would take the task first. `allowPrivate`
 * (the node's Allow Private File Hosts) lets a service inside the user's own network take them;
 * the credential's own origin always passes (the service's own files). Binary-data placeholders
 * (`https://n8n-binary.invalid/…`, `asset://…`) pass: nothing resolves `.invalid`.
 */
export function unreachableJudge(
	ctx: Pick<IExecuteFunctions, 'getCredentials' | 'helpers'>,
	service: Service,
	allowPrivate: boolean,
): UrlJudge {
	if (allowPrivate) return async () => undefined;
	const resolve = resolverOf(ctx);
	// the credential is read once, and only for a batch that hands URLs over (a read costs n8n a decrypt)
	let own: Promise<string | undefined> | undefined;
	return async (urls) => {
		for (const { url, path } of urls) {
			own ??= credentialOrigin(ctx, service);
			const reason = await handedUrlRefusal(url, await own, resolve);
			if (reason !== undefined) return unreachable(url, reason, path);
		}
		return undefined;
	};
}

function unreachable(url: string, reason: string, path: string): Fault {
	return {
		code: CODES.INVALID_URL,
		message: `'${url}' cannot be fetched by the service: ${reason}. Give a public URL or upload the file (Upload Asset, or a binary field of this node); for a service inside your own network, turn on Allow Private File Hosts`,
		path,
	};
}

/** Every string entry of a list field, by its path ('inputs.urls[0]'). */
export const listUrls = (list: unknown, path: string): HandedUrl[] =>
	Array.isArray(list)
		? list.flatMap((url, index) =>
				typeof url === 'string' ? [{ url, path: `${path}[${index}]` }] : [],
			)
		: [];
