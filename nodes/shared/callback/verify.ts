import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { isPermanentError } from '../transport/permanent';
import type { PostedTask } from './posted-task';

/** One read of the task, retries included (the transport retries GETs), bounded like any request. */
const VERIFY_TIMEOUT_MS = 60_000;

/** The state to emit: the service's own, or the posted body when verification is off. */
type Verified =
	| { state: IDataObject; verified: boolean }
	| { dropped: string }
	| { unverified: string; state: IDataObject };

/**
 * Reads the posted task back with the credential. A task the credential cannot read (404, 403, an
 * answer that is not a task) is not this account's finished task, so it is dropped; a read that
 * failed for another reason (5xx after the retries, a timeout) keeps the event with the reason,
 * so a real completion is not lost to a passing outage.
 */
export async function verifyPosted(
	ctx: IWebhookFunctions,
	posted: PostedTask,
	verify: boolean,
): Promise<Verified> {
	if (!verify) return { state: posted.body, verified: false };
	try {
		const state = await posted.kind.query(ctx, posted.id, 0, Date.now() + VERIFY_TIMEOUT_MS);
		return { state, verified: true };
	} catch (error) {
		const reason = `Could not verify task ${posted.id} with the API: ${(error as Error).message}`;
		return isPermanentError(error as Error)
			? { dropped: reason }
			: { unverified: reason, state: posted.body };
	}
}
