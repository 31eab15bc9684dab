import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readRequiredId } from '../../../shared/fields/required-id';

import { cursorField, returnAllFields } from '../../../shared/fields/paging';
import { reviewWaitOptions } from './wait-for-review.fields';
import { assetTypeOptions, properties as uploadFields } from './upload.fields';

const assetIdField = (operation: string): INodeProperties => ({
	displayName: 'Asset ID',
	name: 'assetId',
	type: 'string',
	default: '={{ $json.assetId }}',
	required: true,
	description: 'The numeric assetId or the providerAssetId returned by the upload',
	displayOptions: { show: { operation: [operation] } },
});

export function readAssetId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readRequiredId(ctx, itemIndex, {
		name: 'assetId',
		label: 'Asset ID',
		hint: 'Map the assetId (or providerAssetId) of the upload, for example {{ $json.assetId }}',
	});
}

const LIST = { show: { operation: ['list'] } };

/**
 * Upload Asset's fields, by operation. Apart from the operations' code: n8n reads every node's
 * description at start-up, and an operation's code is loaded at its first run.
 */
export const operationFields: Record<
	'upload' | 'getStatus' | 'list' | 'waitForReview',
	INodeProperties[]
> = {
	upload: uploadFields,
	getStatus: [assetIdField('getStatus')],
	list: [
		{
			displayName: 'Type',
			name: 'type',
			type: 'options',
			options: [{ name: 'Any', value: '' }, ...assetTypeOptions],
			default: '',
			description: 'List only assets of this type',
			displayOptions: LIST,
		},
		{
			displayName: 'Status',
			name: 'status',
			type: 'options',
			options: [
				{ name: 'Active', value: 'ACTIVE' },
				{ name: 'Any', value: '' },
				{ name: 'Failed', value: 'FAILED' },
				{ name: 'None', value: 'NONE', description: "The service's NONE filter value" },
				{ name: 'Processing', value: 'PROCESSING' },
			],
			default: '',
			description: 'List only assets in this review state',
			displayOptions: LIST,
		},
		...returnAllFields(LIST.show),
		cursorField(LIST.show),
	],
	waitForReview: [
		assetIdField('waitForReview'),
		reviewWaitOptions({ operation: ['waitForReview'] }),
	],
};
