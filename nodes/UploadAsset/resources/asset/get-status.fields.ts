import { updateDisplayOptions } from 'n8n-workflow';

import { assetIdField } from './asset-id';

export const description = updateDisplayOptions({ show: { operation: ['getStatus'] } }, [
	assetIdField,
]);
