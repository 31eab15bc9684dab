import { NodeConnectionTypes } from 'n8n-workflow';
import type { IExecuteFunctions, ILoadOptionsFunctions, INodeExecutionData, INodeListSearchResult, INodeType, INodeTypeDescription } from 'n8n-workflow';

import type { OperationLoader } from '../shared/operations';
import { runOperation } from '../shared/operations';
import * as asset from './resources/asset';
import * as assetGroup from './resources/assetGroup';
import * as assetTemplate from './resources/assetTemplate';
import * as balance from './resources/balance';
import * as task from './resources/task';

/**
 * Each operation's code by "resource.operation", loaded at its first run: n8n reads every node's
 * description at start-up, and the resources' modules hold only their fields.
 */
const OPERATIONS: Record<string, OperationLoader> = {
	'task.create': async () => await import('./resources/task/create.operation'),
	'task.get': async () => await import('./resources/task/get.operation'),
	'task.list': async () => await import('./resources/task/list.operation'),
	'task.wait': async () => await import('./resources/task/wait.operation'),
	'asset.batchCreate': async () => await import('./resources/asset/batch.operation'),
	'asset.create': async () => await import('./resources/asset/create.operation'),
	'asset.delete': async () => await import('./resources/asset/delete.operation'),
	'asset.get': async () => await import('./resources/asset/get.operation'),
	'asset.list': async () => await import('./resources/asset/list.operation'),
	'asset.waitForReview': async () => await import('./resources/asset/waitForReview.operation'),
	'assetGroup.create': async () => await import('./resources/assetGroup/create.operation'),
	'assetGroup.list': async () => await import('./resources/assetGroup/list.operation'),
	'assetTemplate.download': async () => await import('./resources/assetTemplate/download.operation'),
	'balance.get': async () => await import('./resources/balance/get.operation'),
};

export class CompatTask implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Compat Task',
		name: 'compatTask',
		icon: { light: 'file:../../icons/compatTask.svg', dark: 'file:../../icons/compatTask.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["resource"] + ": " + $parameter["operation"] }}',
		description: 'Tasks, assets, asset groups and the balance of the Task-Compatible Video API',
		defaults: { name: 'Compat Task' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		// The waits have two outputs (see outputsOf below).
		outputs: `={{(${outputsOf})($parameter.resource, $parameter.operation)}}`,
		credentials: [{ name: 'compatVideoApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Asset', value: 'asset' },
					{ name: 'Asset Group', value: 'assetGroup' },
					{ name: 'Asset Template', value: 'assetTemplate' },
					{ name: 'Balance', value: 'balance' },
					{ name: 'Task', value: 'task' },
				],
				default: 'task',
			},
			...task.description,
			...asset.description,
			...assetGroup.description,
			...assetTemplate.description,
			...balance.description,
		],
	};

	// The code behind these is loaded at its first use, not when n8n loads every node at start-up.
	methods = {
		listSearch: {
			async searchAssets(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
				return await (await import('./methods/listSearch')).searchAssets.call(this, filter, paginationToken);
			},
			async searchGroups(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
				return await (await import('./methods/listSearch')).searchGroups.call(this, filter);
			},
		},
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const resource = this.getNodeParameter('resource', 0) as string;
		const operation = this.getNodeParameter('operation', 0) as string;
		return await runOperation(this, OPERATIONS, `${resource}.${operation}`);
	}
}

/**
 * Evaluated by n8n from its source text (so it must stay self-contained): Task Wait has Succeeded
 * and Incomplete; Asset Wait for Review has Active and Not Active; others one output (labels short enough for the canvas).
 */
function outputsOf(resource: string, operation: string) {
	const names: Record<string, string[]> = {
		'task.wait': ['Succeeded', 'Incomplete'],
		'asset.waitForReview': ['Active', 'Not Active'],
	};
	return (names[`${resource}.${operation}`] ?? ['Output']).map((displayName) => ({ type: 'main', displayName }));
}
