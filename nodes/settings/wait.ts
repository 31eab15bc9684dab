import type { IExecuteFunctions } from 'n8n-workflow';

import type { DownloadFields, WaitSettings } from '../shared/fields/wait';
import { DEFAULT_POLL } from '../shared/polling/defaults';
import type { PollOptions } from '../shared/polling/defaults';
import { runsAsTool, TOOL_WAIT_SECONDS } from '../shared/tool/detect';

/** The download fields as one node reads them; `read` is its getNodeParameter for one item (or a webhook's). */
export function readDownloadFields(
	read: (name: string, fallback: unknown) => unknown,
): DownloadFields {
	const download = read('download', false) === true;
	return {
		download,
		binaryProperty: download ? String(read('binaryProperty', 'data')) : 'data',
		allowPrivateHosts: download && read('allowPrivateHosts', false) === true,
	};
}

/** Allow Private File Hosts, for the media URLs a node hands the service (downloads read it with Download). */
export const readAllowPrivateHosts = (ctx: IExecuteFunctions): boolean =>
	ctx.getNodeParameter('allowPrivateHosts', 0, false) === true;

/** Reads the wait fields once per execution: all items are waited on together. `defaults` fill fields not added. */
export function readWaitSettings(
	ctx: IExecuteFunctions,
	defaults: PollOptions = DEFAULT_POLL,
): WaitSettings {
	const options = ctx.getNodeParameter('waitOptions', 0, {}) as Record<string, number | undefined>;
	// a tool's call waits Wait in One Call, its field shown or not; Wait Options are a workflow node's
	const toolSeconds = runsAsTool(ctx)
		? ((ctx.getNodeParameter('toolWaitSeconds', 0, null) as number | null) ?? TOOL_WAIT_SECONDS)
		: null;
	/** A field in `unitMs` units as milliseconds, or the poller's default when it was not added. */
	const ms = (value: number | undefined, unitMs: number, fallbackMs: number) =>
		value === undefined ? fallbackMs : Math.round(value * unitMs);
	return {
		...readDownloadFields((name, fallback) => ctx.getNodeParameter(name, 0, fallback)),
		poll: {
			...defaults,
			intervalMs: ms(options.pollIntervalSeconds, 1000, defaults.intervalMs),
			maxIntervalMs: ms(options.maxPollIntervalSeconds, 1000, defaults.maxIntervalMs),
			timeoutMs:
				toolSeconds === null
					? ms(options.timeoutMinutes, 60_000, defaults.timeoutMs)
					: Math.round(toolSeconds * 1000),
			concurrency: options.concurrency ?? defaults.concurrency,
		},
	};
}
