import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readRequiredId } from '../../../settings/ids';

/** The Asset ID field of Get Status and Wait for Review. */
export const assetIdField: INodeProperties = {
	displayName: 'Asset ID',
	name: 'assetId',
	type: 'string',
	default: '={{ $json.assetId }}',
	required: true,
	description: 'The numeric assetId or the providerAssetId returned by the upload',
};

export function readAssetId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readRequiredId(ctx, itemIndex, {
		name: 'assetId',
		label: 'Asset ID',
		hint: 'Map the assetId (or providerAssetId) of the upload, for example {{ $json.assetId }}',
	});
}
