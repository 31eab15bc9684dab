import { registerFieldLabels } from '../shared/errors/field-labels';
import type { Labels } from '../shared/errors/field-labels';

/** Compat Task's words for its fields, in errors (shared/errors/field-labels.ts). */

/** Compat Task → Task → Create: content entries come from Prompt and Media, options by their name. */
const COMPAT: Labels = {
	model: 'Model',
	content: 'Media',
	media: 'Media',
	ratio: 'Ratio',
	resolution: 'Resolution',
	duration: 'Duration (Seconds)',
	generate_audio: 'Generate Audio',
	watermark: 'Watermark',
	url: 'URL',
};

registerFieldLabels('compatTask', {
	api: COMPAT,
	parameters: {},
	// a content entry's text is the Prompt
	chosen: (_node, path) => (/^content\[\d+\]\.text$/.test(path) ? 'Prompt' : undefined),
});
