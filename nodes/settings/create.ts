import type { IExecuteFunctions } from 'n8n-workflow';

import { CALLBACK_MODE } from '../shared/callback/wait-mode';
import type { BatchOptions, RunSettings } from '../shared/create/run';
import type { PollOptions } from '../shared/polling/defaults';
import type { ToolCaps } from '../shared/tool/caps';
import { runsAsTool } from '../shared/tool/detect';
import { readDailyCap, readSkipSettings, skipKeyReader } from './batch';
import { readCallbackMinutes } from './resume';
import { readAllowPrivateHosts, readWaitSettings } from './wait';

/**
 * A Create operation's fields for the whole run (create/run.ts), read before anything is sent.
 * `poll` is the kind's own waiting cadence when the wait fields are not set (e.g. the compat
 * API's 10-30 s).
 */
export function readRunSettings(ctx: IExecuteFunctions, poll?: PollOptions): RunSettings {
	const chosen = String(ctx.getNodeParameter('waitForCompletion', 0, 'none'));
	// a tool saved with the callback choice (before tools lost it) waits as Wait does: a tool call cannot pause
	const waitMode = chosen === CALLBACK_MODE && runsAsTool(ctx) ? 'wait' : chosen;
	return {
		batch: ctx.getNodeParameter('batchOptions', 0, {}) as BatchOptions,
		waitMode,
		wait: waitMode === 'wait' ? readWaitSettings(ctx, poll) : undefined,
		callbackMinutes:
			waitMode === CALLBACK_MODE
				? readCallbackMinutes((name, fallback) => ctx.getNodeParameter(name, 0, fallback))
				: undefined,
		skip: readSkipSettings(ctx),
		skipKeyOf: skipKeyReader(ctx),
		toolCaps: readToolCaps(ctx),
		allowPrivateHosts: readAllowPrivateHosts(ctx),
		dailyCap: readDailyCap(ctx),
	};
}

/** Both Credit Caps, or undefined for a workflow node (the caps are tool fields). */
function readToolCaps(ctx: IExecuteFunctions): ToolCaps | undefined {
	const perCall = ctx.getNodeParameter('toolCreditCapPerCall', 0, null) as number | null;
	const perExecution = ctx.getNodeParameter('toolCreditCapPerExecution', 0, null) as number | null;
	return perCall === null || perExecution === null ? undefined : { perCall, perExecution };
}
