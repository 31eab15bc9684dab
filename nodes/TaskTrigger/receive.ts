import type {
	IDataObject,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { recentDeliveries } from './dedupe';
import { rereadWhileRunning } from '../shared/callback/reread';
import type { Rereads } from '../shared/callback/reread';
import { readPostedTask } from '../shared/callback/posted-task';
import type { PostedTask } from '../shared/callback/posted-task';
import { checkSecret, SECRET_PARAMETER, SECRET_REFUSAL } from './secret';
import { verifyPosted } from '../shared/callback/verify';
import { DEFAULT_POLL } from '../shared/polling';
import { simplificationOf, simplifyItem } from '../shared/output/simplify';
import { settle } from '../shared/waiting/task-waiting';
import { readTriggerSettings, wantsState, wantsType } from './settings';
import type { TriggerSettings } from './settings';

/**
 * The trigger answers 200 before it verifies, so the service will not deliver again: a task that
 * still reads running (a callback a moment ahead of the stored state) is read again for a while
 * instead (about 15 s) before the delivery is let go.
 */
const AFTER_ANSWER: Rereads = {
	delaysMs: [1000, 2000, 4000, 8000],
	windowMs: 20_000,
	whileCallerWaits: false,
};

/** Downloads of the result files end within this, like one Wait For Task's default timeout. */
const DOWNLOAD_TIMEOUT_MS = 30 * 60_000;

const NOTHING: IWebhookResponseData = { noWebhookResponse: true };

/**
 * One webhook call: refuse it without the secret (401 missing, 403 wrong, 400 given twice) or when the body is not
 * a task (400); otherwise answer 200 at once, because the service retries an answer it does not
 * get quickly, and only then dedupe, verify, filter and download. Each step may start nothing.
 */
export async function receiveTask(ctx: IWebhookFunctions): Promise<IWebhookResponseData> {
	const settings = readTriggerSettings(ctx);
	const query = ctx.getQueryData() as Record<string, unknown>;
	const secret = checkSecret(settings.secret, query[SECRET_PARAMETER]);
	if (secret !== 'ok') {
		const { status, message } = SECRET_REFUSAL[secret];
		return answer(ctx, status, `${message}; nothing was started`);
	}
	const posted = readPostedTask(ctx.getBodyData());
	if ('problem' in posted) return answer(ctx, 400, `${posted.problem}; nothing was started`);
	answer(ctx, 200, 'Received');
	try {
		const item = await itemFor(ctx, settings, posted);
		return item ? { ...NOTHING, workflowData: [[item]] } : NOTHING;
	} catch (error) {
		// Already answered: the service will not retry, so the reason goes to n8n's log.
		ctx.logger.warn(
			`Task Finished Trigger: task ${posted.id} started nothing: ${(error as Error).message}`,
		);
		return NOTHING;
	}
}

function answer(ctx: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	ctx.getResponseObject().status(status).json({ message });
	return NOTHING;
}

async function itemFor(
	ctx: IWebhookFunctions,
	settings: TriggerSettings,
	posted: PostedTask,
): Promise<INodeExecutionData | undefined> {
	if (!wantsType(settings, posted)) return undefined;
	const key = [
		ctx.getWorkflow().id,
		ctx.getNode().id,
		ctx.getMode(),
		posted.taskType,
		posted.id,
		posted.status,
	].join(':');
	if (!recentDeliveries.firstTime(key)) return undefined;
	const verified = await verifyPosted(ctx, posted, settings.verify);
	if ('dropped' in verified) {
		ctx.logger.warn(`Task Finished Trigger: ${verified.dropped}; nothing was started`);
		return undefined;
	}
	if ('verified' in verified && verified.verified)
		verified.state = await rereadWhileRunning(
			ctx,
			posted.kind,
			posted.id,
			verified.state,
			AFTER_ANSWER,
		);
	const phase = posted.kind.phase(verified.state);
	// A task the service still says is running after the re-reads matches no event.
	if (phase === 'running' || !wantsState(settings, posted, phase, verified.state.model))
		return undefined;
	const task = await settle(
		ctx,
		posted.kind,
		{ outcome: phase, last: verified.state },
		waitSettings(settings),
		{
			id: posted.id,
			deadline: Date.now() + DOWNLOAD_TIMEOUT_MS,
		},
	);
	const json: IDataObject = {
		...task.state,
		[posted.kind.idField]: posted.id,
		taskType: posted.taskType,
		outcome: task.outcome,
		verified: 'verified' in verified ? verified.verified : false,
		...('unverified' in verified ? { verificationError: verified.unverified } : {}),
		...(task.reason ? { error: task.reason } : {}),
	};
	const item = { json, ...(task.binary ? { binary: task.binary } : {}) };
	if (!settings.simplify) return item;
	return simplifyItem(item, simplificationOf(posted.taskType));
}

const waitSettings = (settings: TriggerSettings) => ({
	poll: DEFAULT_POLL,
	download: settings.download,
	binaryProperty: settings.binaryProperty,
	allowPrivateHosts: settings.allowPrivateHosts,
});
