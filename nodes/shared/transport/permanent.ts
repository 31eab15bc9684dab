import { NodeApiError } from 'n8n-workflow';

import { UnreadableAnswerError } from './answers';

/** A 4xx other than 429 (unknown task, another account's, bad key) or an answer that is not a task will not change by asking again. */
export function isPermanentError(error: Error): boolean {
	if (error instanceof UnreadableAnswerError) return true;
	const code = Number(error instanceof NodeApiError ? error.httpCode : NaN);
	return code >= 400 && code < 500 && code !== 429;
}
