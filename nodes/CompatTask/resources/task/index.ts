import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.fields';
import * as get from './get.fields';
import * as list from './list.fields';
import * as wait from './wait.fields';
import { simplifyField } from '../../../settings/simplify';
import type { OperationLoader } from '../../../shared/execution/operations';

/** The Task resource's fields and its operations' loaders (each operation's code is loaded at its first run). */
export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		description: 'What to do with video tasks',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['task'] } },
		options: [
			// The main action first: the node picker lists actions in this order.
			{
				name: 'Create',
				value: 'create',
				action: 'Create a task',
				description: 'Submit a video generation task',
			},
			{
				name: 'Wait',
				value: 'wait',
				action: 'Wait for tasks',
				description: 'Poll the tasks of all items together until they succeed, fail or time out',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a task',
				description: 'Read a task once, optionally with its video',
			},
			{
				name: 'List',
				value: 'list',
				action: 'List tasks',
				description: 'List the tasks of this API key',
			},
		],
		default: 'create',
	},
	...create.description,
	...get.description,
	...list.description,
	...wait.description,
	simplifyField({ show: { resource: ['task'], operation: ['create', 'get', 'wait', 'list'] } }),
];

/** Each operation's code, loaded at its first run (n8n reads this description at start-up). */
export const operations: Record<string, OperationLoader> = {
	create: async () => await import('./create.operation'),
	get: async () => await import('./get.operation'),
	list: async () => await import('./list.operation'),
	wait: async () => await import('./wait.operation'),
};
