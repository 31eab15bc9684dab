/**
 * The emulated services' strictness beyond the package's rules (our choice for the emulator: a
 * service knows its own fields and models). These refusals were the package's before it let
 * fields the spec does not list through; the emulator keeps answering them as before.
 */
import { PROMPT, assets, expectOutcome, links, row } from '../../unit/rules/helpers';
import { validateCompatTaskBody, validateCreateTask, validateUpscaleBody } from './index';

type Row = [string, Record<string, unknown>, string | null, string?];

describe('createTask: fields no table lists are INVALID_PARAMETER', () => {
	const ref = (extra: Record<string, unknown>) => ({
		prompt: PROMPT,
		videoInputMode: 'reference',
		...extra,
	});
	test.each<Row>([
		[
			'callbackUrl typo',
			{ model: 'sd2', inputs: { prompt: PROMPT }, callbackUrl: 'https://x.test' },
			'INVALID_PARAMETER',
			'callbackUrl',
		],
		[
			'typo in a field name',
			{ model: 'sd2', inputs: { prompt: PROMPT, outputResoluton: '1080p' } },
			'INVALID_PARAMETER',
			'inputs.outputResoluton',
		],
		[
			'alt-only ratio on sd',
			{ model: 'sd2', inputs: { prompt: PROMPT, ratio: '16:9' } },
			'INVALID_PARAMETER',
			'inputs.ratio',
		],
		[
			'sd-only bitrateMode on alt',
			{ model: 'alt3.0-video', inputs: { prompt: PROMPT, bitrateMode: 'high' } },
			'INVALID_PARAMETER',
			'inputs.bitrateMode',
		],
		[
			'sd-only resolution preset on alt',
			{ model: 'alt3.0-video', inputs: { prompt: PROMPT, resolution: '1280x720' } },
			'INVALID_PARAMETER',
			'inputs.resolution',
		],
		[
			'no batch parameter on images',
			{ model: 'gen-image-2', inputs: { prompt: PROMPT, n: 4 } },
			'INVALID_PARAMETER',
			'inputs.n',
		],
		[
			"a refused field keeps the package's code",
			{ model: 'alt3.0-video', inputs: { prompt: PROMPT, upscaleResolution: '720p' } },
			'UNSUPPORTED_RESOLUTION',
			'inputs.upscaleResolution',
		],
		[
			"the package's faults come first",
			{ model: 'sd2', inputs: { outputResoluton: '1080p' } },
			'EMPTY_CONTENT',
		],
		[
			'every listed field',
			{
				model: 'sd2.5',
				inputs: ref({
					resolution: '720x720',
					videoUrls: assets(1),
					urls: links(1),
					seed: 1,
					generateAudio: true,
					bitrateMode: 'high',
					duration: '5s',
				}),
				callBackUrl: 'https://x.test/hook',
			},
			null,
		],
		[
			"a final's other inputs are ignored, even unknown ones",
			{ model: 'sd2.5', inputs: { draftSourceOrderId: 'order-123', foo: 1 } },
			null,
		],
	])(
		'%s',
		row((_name, body, code, path) => {
			expectOutcome(validateCreateTask(body), code, path);
		}),
	);

	test('the message lists what the model accepts', () => {
		const result = validateCreateTask({ model: 'gen-image-2', inputs: { prompt: PROMPT, n: 4 } });
		expect(!result.ok && result.message).toBe(
			'n is not accepted by gen-image-2: remove it (accepted: prompt, urls, quality, resolution, aspectRatio or outputFormat)',
		);
	});
});

describe('upscale body: fields no table lists are INVALID_PARAMETER', () => {
	const SOURCE = { type: 'url', url: 'https://cdn.example.com/clip.mp4' };
	test.each<Row>([
		[
			'unknown field inside source',
			{ source: { ...SOURCE, bucket: 'b' }, targetResolution: '4k' },
			'INVALID_PARAMETER',
			'source.bucket',
		],
		[
			'unknown field',
			{ source: SOURCE, targetResolution: '4k', callbackUrl: 'https://x.test' },
			'INVALID_PARAMETER',
			'callbackUrl',
		],
		[
			"the spec's fields",
			{ source: SOURCE, targetResolution: '4k', callBackUrl: 'https://x.test' },
			null,
		],
		[
			"the package's faults come first",
			{ source: SOURCE, targetResolution: '8k', callbackUrl: 'https://x.test' },
			'UNSUPPORTED_RESOLUTION',
		],
	])(
		'%s',
		row((_name, body, code, path) => {
			expectOutcome(validateUpscaleBody(body), code, path);
		}),
	);
});

describe('compat task: the emulated service serves the two recommended ids', () => {
	const text = { type: 'text', text: 'a drone shot over a canyon' };
	const videoItem = {
		type: 'video_url',
		video_url: { url: 'asset://asset-1' },
		role: 'reference_video',
	};
	test.each<Row>([
		[
			'UNSUPPORTED_MODEL: unknown id',
			{ model: 'video-3-0', content: [text] },
			'UNSUPPORTED_MODEL',
			'model',
		],
		['video-2-0-260128', { model: 'video-2-0-260128', content: [text] }, null],
		[
			'video_url on the fast id (both are version 2.0)',
			{ model: 'video-2-0-fast-260128', content: [text, videoItem] },
			null,
		],
		[
			'upstream fields still pass through',
			{ model: 'video-2-0-260128', content: [text], seed: 7 },
			null,
		],
	])(
		'%s',
		row((_name, body, code, path) => {
			expectOutcome(validateCompatTaskBody(body), code, path);
		}),
	);
});
