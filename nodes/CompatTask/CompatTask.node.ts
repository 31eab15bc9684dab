import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeExecutionData,
	INodeListSearchResult,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { readmeSection } from '../shared/fields/docs';
import { returnAtOnceHint } from '../shared/create/next-step';
import { pickedSubtitle } from '../shared/fields/subtitle';
import { NEWEST_VERSION, NODE_VERSIONS } from '../shared/fields/versions';
import type { OperationLoader } from '../shared/execution/operations';
import { runOperation } from '../shared/execution/operations';
import * as asset from './resources/asset';
import * as assetGroup from './resources/asset-group';
import * as assetTemplate from './resources/asset-template';
import * as balance from './resources/balance';
import * as task from './resources/task';
import { runAsNodeOrTool } from '../shared/tool/aware';
import { readToolAnswer, toolDescriptionField } from '../settings/tool';
// registers the node's words for its fields in errors (shared/errors/field-labels.ts)
import './field-labels';

/** Each operation's code by "resource.operation", from its resource's index (loaded at its first run). */
const OPERATIONS: Record<string, OperationLoader> = Object.fromEntries(
	Object.entries({ task, asset, assetGroup, assetTemplate, balance }).flatMap(
		([resource, module]) =>
			Object.entries(module.operations).map(([operation, load]) => [
				`${resource}.${operation}`,
				load,
			]),
	),
);

/** The Task operations whose items are tasks, so Simplify applies. */
const SIMPLIFIED = ['create', 'get', 'wait', 'list'];

const RESOURCE: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	// Alphabetical, as n8n's lint rules require of five or more options (the picker then lists the
	// task actions last); Task is the default, so a new node starts on Create a task.
	options: [
		{ name: 'Asset', value: 'asset' },
		{ name: 'Asset Group', value: 'assetGroup' },
		{ name: 'Asset Template', value: 'assetTemplate' },
		{ name: 'Balance', value: 'balance' },
		{ name: 'Task', value: 'task' },
	],
	default: 'task',
	description:
		'What to work with: video tasks, the assets (images, videos) they use, or the balance',
};

const PROPERTIES: INodeProperties[] = [
	RESOURCE,
	...task.description,
	...asset.description,
	...assetGroup.description,
	...assetTemplate.description,
	...balance.description,
];

/** What the model reads about the tool: creating, reading tasks, and the other resources. */
const TOOL_DESCRIPTIONS = [
	toolDescriptionField(
		'Makes one AI video (a paid task of the Task-Compatible Video API) from the prompt you write; the model is set in this tool. Its price is not known before sending, so this tool has no credit cap: call it once per request. It answers with taskId, state (completed, failed, running, not created), resultUrl, error and next. While state is running, read it with a Compat Task tool set to Task → Get; never create it again (that pays twice).',
		{ show: { resource: ['task'], operation: ['create'] } },
	),
	toolDescriptionField(
		'Reads video tasks of the Task-Compatible Video API (free), a task by the taskId a Compat Task tool answered with: answers with taskId, state (completed, failed, running), resultUrl and error. While state is running, call it again later; never create the task again (that pays twice).',
		{ show: { resource: ['task'], operation: ['wait', 'get', 'list'] } },
	),
	toolDescriptionField(
		"Works on the Task-Compatible Video API account's assets, asset groups, templates or balance, as set in this tool, and answers with what the service returns.",
		{ show: { resource: ['asset', 'assetGroup', 'assetTemplate', 'balance'] } },
	),
];

export class CompatTask implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Compat Task',
		name: 'compatTask',
		icon: {
			light: 'file:../../icons/compatTask.svg',
			dark: 'file:../../icons/compatTask.dark.svg',
		},
		group: ['transform'],
		documentationUrl: readmeSection('compat-task'),
		// 2: starts on a listed model; Task → Create and Task → Wait wait and download by default
		version: NODE_VERSIONS,
		defaultVersion: NEWEST_VERSION,
		subtitle: pickedSubtitle(PROPERTIES, ['resource', 'operation']),
		description:
			"Tasks, assets, asset groups and the balance of the Task-Compatible Video API, the Unified Generation provider's second API",
		defaults: { name: 'Compat Task' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		// The waits have two outputs (see outputsOf below).
		outputs: `={{(${outputsOf})($parameter.resource, $parameter.operation)}}`,
		credentials: [{ name: 'compatVideoApi', required: true }],
		hints: [
			returnAtOnceHint(
				'compat',
				'$parameter.resource === "task" && $parameter.operation === "create" && $parameter.waitForCompletion === "none"',
			),
		],
		properties: [...TOOL_DESCRIPTIONS, ...PROPERTIES],
	};

	// The code behind these is loaded at its first use, not when n8n loads every node at start-up.
	methods = {
		listSearch: {
			async searchAssets(
				this: ILoadOptionsFunctions,
				filter?: string,
				paginationToken?: string,
			): Promise<INodeListSearchResult> {
				return await (
					await import('./methods/list-search')
				).searchAssets.call(this, filter, paginationToken);
			},
			async searchGroups(
				this: ILoadOptionsFunctions,
				filter?: string,
			): Promise<INodeListSearchResult> {
				return await (await import('./methods/list-search')).searchGroups.call(this, filter);
			},
		},
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runAsNodeOrTool(this, run, () => readToolAnswer(this), {
			continueOnFail: this.continueOnFail(),
		});
	}
}

/** Compat Task's run: the resource's operation, then Simplify for the task operations. */
async function run(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = ctx.getNodeParameter('resource', 0);
	const operation = ctx.getNodeParameter('operation', 0);
	const output = await runOperation(ctx, OPERATIONS, `${resource}.${operation}`);
	if (resource !== 'task' || !SIMPLIFIED.includes(operation)) return output;
	const { COMPAT_SIMPLE, simplifyOutputs } = await import('../shared/output/simplify');
	return simplifyOutputs(
		ctx.getNodeParameter('simplify', 0, false) === true,
		output,
		COMPAT_SIMPLE,
	);
}

/**
 * Evaluated by n8n from its source text (so it must stay self-contained): Task Wait has Succeeded
 * and Incomplete; Asset Wait for Review has Active and Not Active; others one unlabelled output, as n8n's
 * own nodes have (a label there sits under the canvas's item count).
 */
// Not reformatted: its source text is the description's outputs expression, kept as released.
// prettier-ignore
function outputsOf(resource: string, operation: string) {
	const names: Record<string, string[]> = {
		'task.wait': ['Succeeded', 'Incomplete'],
		'asset.waitForReview': ['Active', 'Not Active'],
	};
	const labels = names[`${resource}.${operation}`];
	return labels ? labels.map((displayName) => ({ type: 'main', displayName })) : [{ type: 'main' }];
}
