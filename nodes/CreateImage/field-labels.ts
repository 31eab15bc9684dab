import { CALLBACK_LABELS, registerFieldLabels } from '../shared/errors/field-labels';
import type { Labels } from '../shared/errors/field-labels';

/** Create Image's words for its fields, in errors (shared/errors/field-labels.ts). */

const IMAGE: Labels = {
	model: 'Model',
	'inputs.prompt': 'Prompt',
	'inputs.urls': 'Reference Image URLs',
	'inputs.quality': 'Quality',
	'inputs.resolution': 'Resolution',
	'inputs.aspectRatio': 'Aspect Ratio',
	'inputs.outputFormat': 'Output Format',
	...CALLBACK_LABELS,
};

const IMAGE_PARAMETERS: Labels = {
	generationMode: 'Generation Mode',
	urls: 'Reference Image URLs',
	imagesPerItem: 'Images per Item',
};

registerFieldLabels('createImage', { api: IMAGE, parameters: IMAGE_PARAMETERS });
