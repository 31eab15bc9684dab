import type { INodeProperties } from 'n8n-workflow';

import { returnAllFields } from '../../shared/fields/paging';

/** Return All / Limit, shown for one resource's List operation (read by collectPages in paging.ts). */
export const pagingFields = (resource: string): INodeProperties[] =>
	returnAllFields({ resource: [resource], operation: ['list'] });
