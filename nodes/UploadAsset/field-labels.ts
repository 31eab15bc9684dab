import { registerFieldLabels } from '../shared/errors/field-labels';
import type { Labels } from '../shared/errors/field-labels';

/** Upload Asset's words for its fields, in errors (shared/errors/field-labels.ts). */

const UPLOAD: Labels = {
	url: 'URL',
	file: 'Input Binary Field',
	type: 'Type',
	model: 'For Model',
	name: 'Name',
};

registerFieldLabels('uploadAsset', { api: UPLOAD, parameters: {} });
