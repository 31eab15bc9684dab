import type { IExecuteFunctions } from 'n8n-workflow';

import type { Service } from '../errors';
import { parseUrl } from '../rules/urls';
import { credentialOf, serviceBaseUrl } from './index';

/**
 * The origin (scheme, host and port) of the node's credential for `service`: the service serves
 * its own files there (the emulator does, on 127.0.0.1). Undefined when the node has no such credential.
 */
export async function credentialOrigin(
	ctx: Pick<IExecuteFunctions, 'getCredentials'>,
	service: Service,
	itemIndex?: number,
): Promise<string | undefined> {
	try {
		const credentials = await credentialOf(ctx, service, itemIndex);
		return parseUrl(serviceBaseUrl(service, credentials))?.origin;
	} catch {
		return undefined;
	}
}
