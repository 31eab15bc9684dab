import type { INodeProperties } from 'n8n-workflow';

import { assetLocator } from '../../helpers/locators';

export const properties: INodeProperties[] = [
	assetLocator({ show: { resource: ['asset'], operation: ['delete'] } }),
];
