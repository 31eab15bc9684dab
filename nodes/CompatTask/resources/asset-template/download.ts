import type { IBinaryData, IExecuteFunctions, IN8nHttpFullResponse } from 'n8n-workflow';

import { cancelSignal } from '../../../shared/execution/abort';
import { COMPAT_PATHS } from '../../../shared/transport/api/compat';
import { safeFileName } from '../../../shared/transport/binary';
import { connectionError, httpError } from '../../../shared/errors';
import { describeFailure } from '../../../shared/transport/failure';
import { attemptClock, untilAborted } from '../../../shared/transport/limits';
import { CREDENTIAL, readCredentials, serviceBaseUrl } from '../../../shared/transport';

const FALLBACK_NAME = 'assets-batch-template.xlsx';

/**
 * GET the template as bytes. The transport reads JSON only, so this one authenticated GET is sent
 * here: to the credential's own Base URL, redirects not followed (the key stays home), bounded by
 * one minute and the Stop button.
 */
export async function downloadTemplate(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Promise<IBinaryData> {
	const credentials = await readCredentials(ctx, 'compat', itemIndex);
	const url = serviceBaseUrl('compat', credentials) + COMPAT_PATHS.assetBatchTemplate;
	const clock = attemptClock(cancelSignal(ctx));
	let response: IN8nHttpFullResponse;
	try {
		const request = ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL.compat, {
			method: 'GET',
			url,
			encoding: 'arraybuffer',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			sendCredentialsOnCrossOriginRedirect: false,
			timeout: clock.limitMs,
			abortSignal: clock.signal,
		}) as Promise<IN8nHttpFullResponse>;
		response = await untilAborted(request, clock.signal);
	} catch (error) {
		throw connectionError(ctx.getNode(), describeFailure(error), itemIndex, undefined, 'compat');
	}
	const bytes = Buffer.from(response.body as ArrayBuffer);
	if (response.statusCode < 200 || response.statusCode >= 300) {
		throw httpError(
			ctx.getNode(),
			'compat',
			response.statusCode,
			bytes.toString('utf8'),
			itemIndex,
			String(credentials.apiKey ?? ''),
		);
	}
	const type = response.headers?.['content-type'];
	const disposition = String(response.headers?.['content-disposition'] ?? '');
	const fileName = safeFileName(
		/filename="?([^";]+)"?/.exec(disposition)?.[1] ?? '',
		FALLBACK_NAME,
	);
	return await ctx.helpers.prepareBinaryData(
		bytes,
		fileName,
		typeof type === 'string' ? type.split(';')[0] : undefined,
	);
}
