import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { readmeSection } from '../shared/fields/docs';
import { simplifyField } from '../settings/simplify';
import { readToolAnswer, toolDescriptionsPerOperation } from '../settings/tool';
import { pickedSubtitle } from '../shared/fields/subtitle';
import { NEWEST_VERSION, NODE_VERSIONS } from '../shared/fields/versions';
import type { OperationLoader } from '../shared/execution/operations';
import { runOperation } from '../shared/execution/operations';
import * as task from './resources/task';
import { runAsNodeOrTool } from '../shared/tool/aware';

/** Each operation's code, loaded at its first run (n8n reads every node's description at start-up). */
const OPERATIONS: Record<string, OperationLoader> = {
	get: async () => await import('./resources/task/get.operation'),
	relations: async () => await import('./resources/task/relations.operation'),
	wait: async () => await import('./resources/task/wait.operation'),
};

/** The operations whose items are tasks: version 2's Simplify gives their times as ISO strings. */
const SIMPLIFIED_OPERATIONS = { show: { operation: ['wait', 'get'] } };

const OPERATION: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	description: 'What to do with tasks',
	type: 'options',
	noDataExpression: true,
	// The main action first: the node picker lists actions in this order.
	options: [
		{
			name: 'Wait for Tasks',
			value: 'wait',
			action: 'Wait for tasks',
			description: "Poll every item's task together until it completes, fails or times out",
		},
		{
			name: 'Get Task',
			value: 'get',
			action: 'Get a task',
			description: 'Read the current state of each task once',
		},
		{
			name: 'Get Draft/Final Relations',
			value: 'relations',
			action: 'Get draft and final relations',
			description: 'List the finals of a draft order, or the source draft of a final',
		},
	],
	default: 'wait',
};

const READS =
	' a video, image or upscale task by the taskId a Create Video, Create Image or Upscale tool answered with. Free: reading costs no credits. Answers with taskId, state (completed, failed, running), creditsUsed, resultUrl and error, and next: what to do. While state is running, call this tool again later; never create the task again (that pays twice).';

/** What the model reads about the tool, per operation. */
const TOOL_DESCRIPTIONS = toolDescriptionsPerOperation({
	wait: `Waits, for a limited time, for${READS}`,
	get: `Reads, once,${READS}`,
	relations: 'Lists the final renders of a draft order, or the draft of a final (free).',
});

export class WaitForTask implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Wait For Task',
		name: 'waitForTask',
		icon: {
			light: 'file:../../icons/waitForTask.svg',
			dark: 'file:../../icons/waitForTask.dark.svg',
		},
		group: ['transform'],
		documentationUrl: readmeSection('wait-for-task'),
		version: NODE_VERSIONS,
		defaultVersion: NEWEST_VERSION,
		subtitle: pickedSubtitle([OPERATION], ['operation']),
		description:
			'Wait for many generation or upscale tasks at once, read a task, or list draft/final relations',
		defaults: { name: 'Wait For Task' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		// The outputs follow the operation (see outputsOf below).
		outputs: `={{(${outputsOf})($parameter.operation)}}`,
		credentials: [{ name: 'unifiedGenerationApi', required: true }],
		properties: [
			...TOOL_DESCRIPTIONS,
			OPERATION,
			...task.description,
			simplifyField(SIMPLIFIED_OPERATIONS),
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const operation = this.getNodeParameter('operation', 0) as string;
		// as a tool, every output in one answer; each item's state from the output it was in
		const phases = operation === 'get' ? ['completed', 'running', 'failed'] : ['completed'];
		return await runAsNodeOrTool(
			this,
			async (ctx) => await runOperation(ctx, OPERATIONS, operation),
			() => readToolAnswer(this),
			{ continueOnFail: this.continueOnFail(), phases },
		);
	}
}

/**
 * Evaluated by n8n from its source text (so it must stay self-contained): Wait has Completed and
 * Incomplete (failed, timed out, unreadable or not downloaded: a label that fits on the canvas); Get puts a task where its state says; Relations has one output.
 */
function outputsOf(operation: string) {
	const names: Record<string, string[]> = {
		wait: ['Completed', 'Incomplete'],
		get: ['Completed', 'Running', 'Failed'],
	};
	return (names[operation] ?? ['Relations']).map((displayName) => ({ type: 'main', displayName }));
}
