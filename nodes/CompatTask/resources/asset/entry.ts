import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLocator } from '../../helpers/locators';

/** The URL and Name fields of an asset entry (Create, and Batch Create from items). */
export function entryFields(): INodeProperties[] {
	return [
		{
			displayName: 'URL',
			name: 'url',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://example.com/reference.png',
			description: 'A publicly reachable image or video URL',
		},
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			description: 'Optional name of the asset',
		},
	];
}

/** `{groupId, url, name?}` of one item; an empty name is left out. */
export function readEntry(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const name = String(ctx.getNodeParameter('name', itemIndex, '') ?? '');
	return {
		groupId: readLocator(ctx, 'groupId', itemIndex),
		url: String(ctx.getNodeParameter('url', itemIndex, '') ?? '').trim(),
		...(name ? { name } : {}),
	};
}
