import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { searchAssets, searchGroups } from './methods/listSearch';
import * as asset from './resources/asset';
import * as assetGroup from './resources/assetGroup';
import * as assetTemplate from './resources/assetTemplate';
import * as balance from './resources/balance';
import * as task from './resources/task';

type Operation = { execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> };

/** Each resource's operations, each in its own module with its fields and its execute. */
const RESOURCES: Record<string, Record<string, Operation>> = {
	asset: asset.operations,
	assetGroup: assetGroup.operations,
	assetTemplate: assetTemplate.operations,
	balance: balance.operations,
	task: task.operations,
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

	methods = { listSearch: { searchAssets, searchGroups } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const resource = this.getNodeParameter('resource', 0) as string;
		const operation = this.getNodeParameter('operation', 0) as string;
		const handler = RESOURCES[resource]?.[operation];
		if (!handler) throw new NodeOperationError(this.getNode(), `Unknown operation "${resource}: ${operation}"`);
		return await handler.execute(this);
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
