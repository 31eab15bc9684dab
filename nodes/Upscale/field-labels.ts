import { CALLBACK_LABELS, registerFieldLabels } from '../shared/errors/field-labels';
import type { Labels, NodeLike } from '../shared/errors/field-labels';

/** Upscale Video's words for its fields, in errors (shared/errors/field-labels.ts). */

/** Upscale Video's `source.url` comes from the field of the chosen Source. */
const UPSCALE_SOURCE: Labels = {
	url: 'Video URL',
	asset: 'Video Asset',
	binary: 'Input Binary Field',
};

const UPSCALE: Labels = {
	targetResolution: 'Target Resolution',
	...CALLBACK_LABELS,
};

registerFieldLabels('upscale', {
	api: UPSCALE,
	parameters: {},
	chosen: (node: NodeLike, path) =>
		path === 'source.url'
			? (UPSCALE_SOURCE[String(node.parameters?.sourceType)] ?? UPSCALE_SOURCE.url)
			: undefined,
});
