import type { INodeProperties } from 'n8n-workflow';

import { groupLocator } from '../../helpers/locators';
import { entryFields } from './entry';

export const properties: INodeProperties[] = [
	groupLocator({ show: { resource: ['asset'], operation: ['create'] } }),
	...entryFields('create'),
];
