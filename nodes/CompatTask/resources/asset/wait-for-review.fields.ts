import { updateDisplayOptions } from 'n8n-workflow';

import { progressNotice, waitProperties } from '../../../settings/wait';
import { assetLocator } from '../../helpers/locators';

const displayOptions = { show: { resource: ['asset'], operation: ['waitForReview'] } };

/**
 * Only the timing options of the shared wait fields: a review has no file to download. They take
 * the rule too: their displayOptions sit before their options, as released.
 */
export const description = updateDisplayOptions(displayOptions, [
	assetLocator(),
	...waitProperties(displayOptions).filter((property) => property.name === 'waitOptions'),
	progressNotice('asset', displayOptions),
]);
