/** Image model rules: enums per model, prompt, reference images (their facts: test/emulator/rules). */
import { IMAGE_MODEL_IDS } from '../../../nodes/shared/catalog';
import { PROMPT, check, expectOutcome, links, row } from './helpers';

type Row = [string, string, Record<string, unknown>, string | null, string?];

test.each([...IMAGE_MODEL_IDS])('%s: a prompt alone is valid', (model) => {
	expectOutcome(check(model, { prompt: PROMPT }), null);
});

describe('fields', () => {
	test.each<Row>([
		['PROMPT_REQUIRED: missing', 'gen-image-2', {}, 'PROMPT_REQUIRED', 'inputs.prompt'],
		[
			'PROMPT_REQUIRED: blank, even with urls',
			'nano-fruit-2',
			{ prompt: ' ', urls: links(1) },
			'PROMPT_REQUIRED',
		],
		['quality max on flare', 'gen-image-2.5-flare', { prompt: PROMPT, quality: 'max' }, null],
		[
			'quality xhigh on sunburst',
			'gen-image-2.5-sunburst',
			{ prompt: PROMPT, quality: 'xhigh' },
			null,
		],
		[
			'UNSUPPORTED_QUALITY: ultra',
			'gen-image-2.5-flare',
			{ prompt: PROMPT, quality: 'ultra' },
			'UNSUPPORTED_QUALITY',
			'inputs.quality',
		],
		[
			'UNSUPPORTED_QUALITY: xhigh on gen-image-2',
			'gen-image-2',
			{ prompt: PROMPT, quality: 'xhigh' },
			'UNSUPPORTED_QUALITY',
		],
		['quality high on gen-image-2', 'gen-image-2', { prompt: PROMPT, quality: 'high' }, null],
		[
			'UNSUPPORTED_QUALITY: nano-fruit has none',
			'nano-fruit-pro',
			{ prompt: PROMPT, quality: 'high' },
			'UNSUPPORTED_QUALITY',
			'inputs.quality',
		],
		[
			'UNSUPPORTED_QUALITY: dream has none',
			'dream-v5.0-lite',
			{ prompt: PROMPT, quality: 'medium' },
			'UNSUPPORTED_QUALITY',
		],
		[
			'UNSUPPORTED_RESOLUTION: dream-v5.0-pro 4k',
			'dream-v5.0-pro',
			{ prompt: PROMPT, resolution: '4k' },
			'UNSUPPORTED_RESOLUTION',
			'inputs.resolution',
		],
		['dream-v5.0-pro 2k', 'dream-v5.0-pro', { prompt: PROMPT, resolution: '2k' }, null],
		[
			'UNSUPPORTED_RESOLUTION: dream-v5.0-lite 1k',
			'dream-v5.0-lite',
			{ prompt: PROMPT, resolution: '1k' },
			'UNSUPPORTED_RESOLUTION',
		],
		['nano-fruit-2 4k', 'nano-fruit-2', { prompt: PROMPT, resolution: '4k' }, null],
		[
			'UNSUPPORTED_RESOLUTION: 8k',
			'gen-image-2',
			{ prompt: PROMPT, resolution: '8k' },
			'UNSUPPORTED_RESOLUTION',
		],
		[
			'UNSUPPORTED_ASPECT_RATIO: 21:9 on gen-image',
			'gen-image-2',
			{ prompt: PROMPT, aspectRatio: '21:9' },
			'UNSUPPORTED_ASPECT_RATIO',
			'inputs.aspectRatio',
		],
		['21:9 on nano-fruit', 'nano-fruit-2', { prompt: PROMPT, aspectRatio: '21:9' }, null],
		[
			'UNSUPPORTED_ASPECT_RATIO: 1:2 on nano-fruit',
			'nano-fruit-2',
			{ prompt: PROMPT, aspectRatio: '1:2' },
			'UNSUPPORTED_ASPECT_RATIO',
		],
		['1:2 and 9:21 on dream', 'dream-v5.0-pro', { prompt: PROMPT, aspectRatio: '9:21' }, null],
		[
			'outputFormat webp on gen-image',
			'gen-image-2.5-sunburst',
			{ prompt: PROMPT, outputFormat: 'webp' },
			null,
		],
		[
			'UNSUPPORTED_OUTPUT_FORMAT: gif',
			'gen-image-2',
			{ prompt: PROMPT, outputFormat: 'gif' },
			'UNSUPPORTED_OUTPUT_FORMAT',
			'inputs.outputFormat',
		],
		[
			'UNSUPPORTED_OUTPUT_FORMAT: nano-fruit has none',
			'nano-fruit-2',
			{ prompt: PROMPT, outputFormat: 'png' },
			'UNSUPPORTED_OUTPUT_FORMAT',
		],
		// Our reading: "there is no batch parameter" says what the service has, not that `n` is refused.
		[
			'a field no table lists passes (the service decides): n',
			'gen-image-2',
			{ prompt: PROMPT, n: 4 },
			null,
		],
	])(
		'%s',
		row((_name, model, inputs, code, path) => {
			expectOutcome(check(model, inputs), code, path);
		}),
	);
});

describe('reference images', () => {
	test.each<Row>([
		['10 images', 'gen-image-2', { prompt: PROMPT, urls: links(10) }, null],
		[
			'TOO_MANY_REFERENCES: 11 images',
			'dream-v5.0-lite',
			{ prompt: PROMPT, urls: links(11) },
			'TOO_MANY_REFERENCES',
			'inputs.urls',
		],
		[
			'INVALID_URL: http',
			'gen-image-2',
			{ prompt: PROMPT, urls: ['http://img.test/a.png'] },
			'INVALID_URL',
			'inputs.urls[0]',
		],
		[
			'INVALID_URL: asset://',
			'nano-fruit-2',
			{ prompt: PROMPT, urls: ['asset://a'] },
			'INVALID_URL',
			'inputs.urls[0]',
		],
	])(
		'%s',
		row((_name, model, inputs, code, path) => {
			expectOutcome(check(model, inputs), code, path);
		}),
	);
});
