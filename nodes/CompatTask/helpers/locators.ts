import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** Resource locators: pick an asset group (by name) or an asset from a searchable list, or give its officialId. */

function locator(
	name: 'groupId' | 'assetId',
	searchListMethod: string,
	placeholder: string,
): INodeProperties {
	return {
		displayName: '',
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod, searchable: true },
			},
			{ displayName: 'ID', name: 'id', type: 'string', placeholder },
		],
	};
}

export function groupLocator(required = true): INodeProperties {
	return {
		...locator('groupId', 'searchGroups', 'e.g. group_123'),
		displayName: 'Asset Group',
		required,
		description: 'The asset group (its officialId is sent as groupId)',
	};
}

/** By default the officialId of the input item (e.g. the output of Create or Batch Create). */
export function assetLocator(): INodeProperties {
	return {
		...locator('assetId', 'searchAssets', 'e.g. asset_123'),
		displayName: 'Asset',
		default: { mode: 'id', value: '={{ $json.officialId }}' },
		required: true,
		description: 'The asset (its officialId, not the numeric ID)',
	};
}

/** The chosen officialId, trimmed; an empty one is the user's to fix before anything is sent. */
export function readLocator(
	ctx: IExecuteFunctions,
	name: 'groupId' | 'assetId',
	itemIndex: number,
	required = true,
): string {
	const value = String(
		ctx.getNodeParameter(name, itemIndex, '', { extractValue: true }) ?? '',
	).trim();
	if (value || !required) return value;
	const what = name === 'groupId' ? 'Asset Group' : 'Asset';
	throw new NodeOperationError(
		ctx.getNode(),
		`${what} is empty: choose one from the list or enter its officialId`,
		{
			itemIndex,
			description: 'Nothing was sent.',
		},
	);
}
