import type { INodeProperties } from 'n8n-workflow';

import { groupLocator } from '../../helpers/locators';
import { entryFields } from './entry';

const show = { resource: ['asset'], operation: ['batchCreate'] };

export const properties: INodeProperties[] = [
	{
		displayName: 'Source',
		name: 'source',
		description:
			'Where the assets to create are listed: one per input item, or the rows of a batch spreadsheet',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Input Items',
				value: 'items',
				description: 'One asset per input item, sent 50 per request',
			},
			{
				name: 'Spreadsheet',
				value: 'spreadsheet',
				description: 'A batch spreadsheet (see Asset Template) in a binary field, up to 50 rows',
			},
		],
		default: 'items',
		displayOptions: { show },
	},
	groupLocator({ show: { ...show, source: ['items'] } }),
	...entryFields('batchCreate', { source: ['items'] }),
	{
		displayName: 'Spreadsheet Binary Field',
		name: 'spreadsheetProperty',
		type: 'string',
		default: 'data',
		required: true,
		description:
			"The input item's binary field holding the spreadsheet (header row: groupId, URL, name)",
		displayOptions: { show: { ...show, source: ['spreadsheet'] } },
	},
];
