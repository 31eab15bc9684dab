import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as get from './get.operation';
import * as list from './list.operation';
import * as wait from './wait.operation';

export const operations = { create, get, list, wait };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['task'] } },
		options: [
			{ name: 'Create', value: 'create', action: 'Create a task', description: 'Submit a video generation task' },
			{ name: 'Get', value: 'get', action: 'Get a task', description: 'Read a task once, optionally with its video' },
			{ name: 'List', value: 'list', action: 'List tasks', description: 'List the tasks of this API key' },
			{
				name: 'Wait',
				value: 'wait',
				action: 'Wait for tasks',
				description: 'Poll the tasks of all items together until they succeed, fail or time out',
			},
		],
		default: 'create',
	},
	...create.properties,
	...get.properties,
	...list.properties,
	...wait.properties,
];
