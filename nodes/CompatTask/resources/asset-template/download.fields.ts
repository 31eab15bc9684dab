import { updateDisplayOptions } from 'n8n-workflow';

// Shown for the whole resource, as released: Download is its only operation.
export const description = updateDisplayOptions({ show: { resource: ['assetTemplate'] } }, [
	{
		displayName: 'Put Output File in Field',
		name: 'templateProperty',
		description: "The name of the output item's binary field for the template spreadsheet",
		type: 'string',
		default: 'data',
		required: true,
	},
]);
