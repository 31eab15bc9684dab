import type { IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { withShow } from '../shared/fields/grouping';
import { inTools, inWorkflows } from '../shared/fields/tool';
import { DEFAULT_POLL } from '../shared/polling/defaults';
import type { PollOptions } from '../shared/polling/defaults';
import { runsAsTool, TOOL_WAIT_SECONDS } from '../shared/tool/detect';
import type { DownloadFields, WaitSettings } from '../shared/waiting/task-waiting';

/**
 * The defaults below are literals (n8n's lint requires it) and equal DEFAULT_POLL; a unit test holds them together.
 *
 * The fields that control waiting on tasks, shared by Wait For Task and the Create nodes' "wait"
 * choice, so both nodes offer the same options under the same names.
 */
export function waitProperties(displayOptions?: IDisplayOptions): INodeProperties[] {
	const shown = displayOptions ? { displayOptions } : {};
	return [
		...downloadProperties(displayOptions),
		toolWaitField(displayOptions),
		inWorkflows({
			displayName: 'Wait Options',
			name: 'waitOptions',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			description: 'How often to check the tasks and how long to wait for them',
			...shown,
			options: [
				{
					displayName: 'Max Poll Interval (Seconds)',
					name: 'maxPollIntervalSeconds',
					type: 'number',
					typeOptions: { minValue: 0.2, numberPrecision: 2 },
					default: 30,
					description:
						'The longest wait between two checks of one task. Each task is checked when the tasks that already finished say it will be done.',
				},
				{
					displayName: 'Parallel Checks',
					name: 'concurrency',
					type: 'number',
					typeOptions: { minValue: 1, maxValue: 50 },
					default: 8,
					description: 'How many task status requests may be in flight at once',
				},
				{
					displayName: 'Poll Interval (Seconds)',
					name: 'pollIntervalSeconds',
					type: 'number',
					typeOptions: { minValue: 0.2, numberPrecision: 2 },
					default: 0.25,
					description: 'The shortest wait between two checks of one task',
				},
				{
					displayName: 'Timeout (Minutes)',
					name: 'timeoutMinutes',
					type: 'number',
					typeOptions: { minValue: 0.01, numberPrecision: 2 },
					default: 30,
					description:
						'How long to wait for all tasks together, downloads and retries included; a task still running then is reported with its ID and last status',
				},
			],
		}),
		progressNotice('task', displayOptions),
	];
}

/**
 * Where a running wait shows its progress (polling/progress.ts writes it): n8n shows a node's
 * output only when the node ends.
 */
export function progressNotice(
	watched: 'task' | 'asset',
	displayOptions?: IDisplayOptions,
): INodeProperties {
	const changes = watched === 'task' ? "Each task's state changes" : "Each asset's review states";
	return inWorkflows({
		displayName: `While it waits, n8n shows only "Executing node…" and the output comes at the end. ${changes}, with its ID and the time so far, go to n8n's log and, in a manual run, to your browser's developer console.`,
		name: 'waitProgressNotice',
		type: 'notice',
		default: '',
		...(displayOptions ? { displayOptions } : {}),
	});
}

/** Whether to download a finished task's files, and into which binary field (Wait For Task, Create nodes, Task Trigger). */
export function downloadProperties(displayOptions?: IDisplayOptions): INodeProperties[] {
	const shown = displayOptions ? { displayOptions } : {};
	return [
		inWorkflows({
			displayName: 'Download Result Files',
			name: 'download',
			type: 'boolean',
			default: false,
			description:
				"Whether to download every output file of a completed task into the item's binary data (streamed, not held in memory)",
			...shown,
		}),
		toolDownloadField(displayOptions),
		{
			displayName: 'Put Output File in Field',
			name: 'binaryProperty',
			type: 'string',
			default: 'data',
			required: true,
			description: 'The binary field the first result file goes into',
			hint: 'The name of the binary field; a task with several files also gets <field>_1, <field>_2, ...',
			displayOptions: withShow(displayOptions, { download: [true] }),
		},
		allowPrivateHostsField(withShow(displayOptions, { download: [true] })),
	];
}

const SENT = 'media URLs on private, local or internal addresses may be handed to the service';
const SENT_OFF = 'such URLs are refused before anything is sent';
const FETCHED = 'result files may be downloaded from private, local or plain-http addresses';
const FETCHED_OFF =
	"results come only from public https addresses and the credential's own Base URL";

/** The description by what the node does with such addresses. */
const PRIVATE_HOSTS = {
	download: `Whether ${FETCHED} (a self-hosted file host). Off: ${FETCHED_OFF}.`,
	send: `Whether ${SENT} (a service inside your own network). Off: ${SENT_OFF}.`,
	both: `Whether ${SENT} (a service inside your own network), and ${FETCHED}. Off: ${SENT_OFF}; ${FETCHED_OFF}.`,
};

/**
 * Off by default: result files come only from public https addresses or the credential's own
 * origin, and no media URL on a private host is handed to the service (create/handed-urls.ts).
 */
export function allowPrivateHostsField(
	displayOptions?: IDisplayOptions,
	uses: keyof typeof PRIVATE_HOSTS = 'download',
): INodeProperties {
	return {
		displayName: 'Allow Private File Hosts',
		name: 'allowPrivateHosts',
		type: 'boolean',
		default: false,
		description: PRIVATE_HOSTS[uses],
		...(displayOptions ? { displayOptions } : {}),
	};
}

/** How long one tool call waits before it answers with the tasks still running (then read them later). */
export function toolWaitField(displayOptions?: IDisplayOptions): INodeProperties {
	return inTools({
		displayName: 'Wait in One Call (Seconds)',
		name: 'toolWaitSeconds',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 1 },
		default: 45, // TOOL_WAIT_SECONDS (tool/detect.ts)
		description:
			"How long one tool call waits for its tasks. Then it answers with every task's ID and state, so an MCP client or an agent never times out before it learns what was created; a task still running is read later with the Wait For Task tool (Get Task).",
		...(displayOptions ? { displayOptions } : {}),
	});
}

/** Off in a tool: a model never receives binary data (n8n drops it), and each call would store the file. */
export function toolDownloadField(displayOptions?: IDisplayOptions): INodeProperties {
	return inTools({
		displayName: 'Download Result Files',
		name: 'download',
		type: 'boolean',
		default: false,
		description:
			'Whether to download the result files into binary data. A model never sees binary data (n8n leaves it out of the answer), so a tool downloads only when a later node of this workflow needs the file.',
		...(displayOptions ? { displayOptions } : {}),
	});
}

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
