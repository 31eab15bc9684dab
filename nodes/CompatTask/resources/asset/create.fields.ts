import { updateDisplayOptions } from 'n8n-workflow';

import { groupLocator } from '../../helpers/locators';
import { allowPrivateHostsField } from '../../../settings/wait';
import { entryFields } from './entry';

export const description = updateDisplayOptions(
	{ show: { resource: ['asset'], operation: ['create'] } },
	[groupLocator(), ...entryFields(), allowPrivateHostsField(undefined, 'send')],
);
