import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import type { PollOptions } from '../polling/defaults';
import { withShow } from './grouping';
import { inWorkflows, toolDownloadField, toolWaitField } from './tool';

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
		inWorkflows({
			displayName:
				"While it waits, n8n shows only \"Executing node…\" and the output comes at the end. Each task's state changes, with its ID and the time so far, go to n8n's log and, in a manual run, to your browser's developer console.",
			name: 'waitProgressNotice',
			type: 'notice',
			default: '',
			...shown,
		}),
	];
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

/** What the download fields say (read by nodes/settings/wait.ts). */
export interface DownloadFields {
	download: boolean;
	binaryProperty: string;
	allowPrivateHosts: boolean;
}

/** What the wait fields say, read once per execution (nodes/settings/wait.ts). */
export interface WaitSettings extends DownloadFields {
	poll: PollOptions;
}
