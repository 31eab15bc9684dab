import { updateDisplayOptions } from 'n8n-workflow';
import type { INodeProperties } from 'n8n-workflow';

import { withShow } from '../../../shared/fields/grouping';
import { allowPrivateHostsField } from '../../../settings/wait';
import { groupLocator } from '../../helpers/locators';
import { entryFields } from './entry';

const displayOptions = { show: { resource: ['asset'], operation: ['batchCreate'] } };

/** Fields shown for one Source: the operation's rule, then the source's, in that order (as released). */
const forSource = (source: string, properties: INodeProperties[]) =>
	updateDisplayOptions(withShow(displayOptions, { source: [source] }), properties);

const properties: INodeProperties[] = [
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
	},
	...forSource('items', [
		groupLocator(),
		...entryFields(),
		allowPrivateHostsField(undefined, 'send'),
	]),
	...forSource('spreadsheet', [
		{
			displayName: 'Spreadsheet Binary Field',
			name: 'spreadsheetProperty',
			type: 'string',
			default: 'data',
			required: true,
			description:
				"The input item's binary field holding the spreadsheet (header row: groupId, URL, name)",
		},
	]),
];

export const description = updateDisplayOptions(displayOptions, properties);
