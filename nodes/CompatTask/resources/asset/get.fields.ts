import { updateDisplayOptions } from 'n8n-workflow';

import { assetLocator } from '../../helpers/locators';

export const description = updateDisplayOptions(
	{ show: { resource: ['asset'], operation: ['get'] } },
	[assetLocator()],
);
