import type { INodeProperties } from 'n8n-workflow';

import { waitProperties } from '../../../shared/fields/wait';
import { assetLocator } from '../../helpers/locators';

const show = { resource: ['asset'], operation: ['waitForReview'] };

/** Only the timing options of the shared wait fields: a review has no file to download. */
export const properties: INodeProperties[] = [
	assetLocator({ show }),
	...waitProperties({ show }).filter((property) => property.name === 'waitOptions'),
];
