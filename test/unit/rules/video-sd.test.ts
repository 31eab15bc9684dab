/** sd family rules: each code with a failing case and its nearest passing neighbour (facts: test/emulator/rules). */
import { VIDEO_FAMILIES, videoModelsOf } from '../../../nodes/shared/catalog';
import { validateRequest } from '../../../nodes/shared/rules';
import { PROMPT, assets, check, expectOutcome, links, row } from './helpers';

const ref = (extra: Record<string, unknown>) => ({
	prompt: PROMPT,
	videoInputMode: 'reference',
	resolution: '1280x720',
	...extra,
});
const edit = (extra: Record<string, unknown>) => ({
	prompt: 'make Video 1 snowy',
	mode: 'edit',
	videoInputMode: 'reference',
	...extra,
});

type Row = [string, string, Record<string, unknown>, string | null, string?];

describe('syntax rules (no media facts)', () => {
	test.each<Row>([
		['text-to-video', 'sd2', { prompt: PROMPT }, null],
		['EMPTY_CONTENT: nothing', 'sd2', {}, 'EMPTY_CONTENT', 'inputs.prompt'],
		['EMPTY_CONTENT: blank prompt', 'sd2', { prompt: '   ' }, 'EMPTY_CONTENT'],
		['media without prompt is content', 'sd2', { urls: links(1) }, null],
		[
			'AUDIO_ONLY_NOT_SUPPORTED: sd2 audio only',
			'sd2',
			ref({ audioUrls: links(1, 'mp3') }),
			'AUDIO_ONLY_NOT_SUPPORTED',
			'inputs.audioUrls',
		],
		[
			'AUDIO_ONLY_NOT_SUPPORTED: sd2-mini audio only',
			'sd2-mini',
			ref({ audioUrls: links(1, 'mp3') }),
			'AUDIO_ONLY_NOT_SUPPORTED',
		],
		[
			'audio with an image on sd2',
			'sd2',
			ref({ audioUrls: links(1, 'mp3'), urls: links(1) }),
			null,
		],
		['audio alone on sd2.5', 'sd2.5', ref({ audioUrls: links(1, 'mp3') }), null],
		[
			'UNSUPPORTED_RESOLUTION: 8k',
			'sd2',
			{ prompt: PROMPT, outputResolution: '8k' },
			'UNSUPPORTED_RESOLUTION',
			'inputs.outputResolution',
		],
		['4k on sd2', 'sd2', { prompt: PROMPT, outputResolution: '4k' }, null],
		['2k on sd2-mini', 'sd2-mini', { prompt: PROMPT, outputResolution: '2k' }, null],
		[
			'UNSUPPORTED_RESOLUTION: upscaleResolution 8k',
			'sd2',
			{ prompt: PROMPT, upscaleResolution: '8k' },
			'UNSUPPORTED_RESOLUTION',
		],
		[
			'deprecated upscaleResolution 1080p',
			'sd2',
			{ prompt: PROMPT, upscaleResolution: '1080p' },
			null,
		],
	])(
		'%s',
		row((_name, model, inputs, code, path) => {
			expectOutcome(check(model, inputs), code, path);
		}),
	);
});

describe('UNSUPPORTED_MODEL', () => {
	test.each([
		['sd3', 'model'],
		['alt3.0', 'model'],
		[undefined, 'model'],
		[42, 'model'],
	])(
		'model %p',
		row((model, path) => {
			expectOutcome(
				validateRequest({ model, inputs: { prompt: PROMPT } }),
				'UNSUPPORTED_MODEL',
				path,
			);
		}),
	);
	test("an unknown alt id is told the alt family's aliases, and only those", () => {
		const result = validateRequest({ model: 'alt3.0', inputs: {} });
		const message = !result.ok ? result.message : '';
		expect(message).toMatch(
			/: the alt family requires alt3\.0-video-prime(, | or )alt3\.0-video\b/,
		);
		for (const model of videoModelsOf(VIDEO_FAMILIES.alt)) expect(message).toContain(model.id);
		expect(message).not.toContain('sd2');
	});
});

describe('DURATION_OUT_OF_RANGE', () => {
	test.each<[string, unknown, string | null]>([
		['sd2', '3s', 'DURATION_OUT_OF_RANGE'],
		['sd2', '4s', null],
		['sd2', '15s', null],
		['sd2', '16s', 'DURATION_OUT_OF_RANGE'],
		['sd2-fast', '16s', 'DURATION_OUT_OF_RANGE'],
		['sd2-mini', '15s', null],
		['sd2.5', '30s', null],
		['sd2.5', '31s', 'DURATION_OUT_OF_RANGE'],
		['sd2.5', '5.5s', 'DURATION_OUT_OF_RANGE'],
		['sd2.5', 'five', 'DURATION_OUT_OF_RANGE'],
		['sd2.5', true, 'DURATION_OUT_OF_RANGE'],
		['sd2.5', '5', null],
		['sd2.5', 5, null],
		['sd2', '-1s', null],
		['sd2', -1, null],
	])(
		'%s duration %p',
		row((model, duration, code) => {
			expectOutcome(
				check(model, { prompt: PROMPT, duration }),
				code,
				code ? 'inputs.duration' : undefined,
			);
		}),
	);

	test('the message says what to choose', () => {
		expect(check('sd2.5', { prompt: PROMPT, duration: '40s' })).toEqual({
			ok: false,
			code: 'DURATION_OUT_OF_RANGE',
			message:
				'duration 40s is outside 4s-30s for sd2.5: choose a whole number of seconds from 4 to 30',
			path: 'inputs.duration',
		});
	});
	test('sd2.5 edit ignores the sent duration', () => {
		expectOutcome(check('sd2.5', edit({ videoUrls: assets(1), duration: '99s' })), null);
	});
});

describe('modes and media (INVALID_MEDIA_COMBINATION, source required, counts)', () => {
	test.each<Row>([
		['first frame: one image', 'sd2', { prompt: PROMPT, urls: links(1) }, null],
		[
			'keyframes: two images',
			'sd2',
			{ prompt: PROMPT, videoInputMode: 'keyframe', urls: links(2) },
			null,
		],
		[
			'keyframes: three images',
			'sd2',
			{ prompt: PROMPT, videoInputMode: 'keyframe', urls: links(3) },
			'INVALID_MEDIA_COMBINATION',
			'inputs.urls',
		],
		[
			'keyframe mode without images',
			'sd2',
			{ prompt: PROMPT, videoInputMode: 'keyframe' },
			'INVALID_MEDIA_COMBINATION',
			'inputs.urls',
		],
		[
			'keyframe mixed with videos',
			'sd2',
			{ prompt: PROMPT, urls: links(1), videoUrls: assets(1) },
			'INVALID_MEDIA_COMBINATION',
			'inputs.videoUrls',
		],
		[
			'keyframe mixed with audio',
			'sd2.5',
			{ prompt: PROMPT, urls: links(2), audioUrls: links(1, 'mp3') },
			'INVALID_MEDIA_COMBINATION',
			'inputs.audioUrls',
		],
		['reference without media', 'sd2', ref({}), 'INVALID_MEDIA_COMBINATION', 'inputs.urls'],
		['reference with one video', 'sd2', ref({ videoUrls: assets(1) }), null],
		[
			'edit needs videoInputMode reference',
			'sd2',
			edit({ videoInputMode: 'keyframe', videoUrls: assets(1) }),
			'INVALID_MEDIA_COMBINATION',
			'inputs.videoInputMode',
		],
		[
			'edit with audio',
			'sd2.5',
			edit({ videoUrls: assets(1), audioUrls: links(1, 'mp3') }),
			'INVALID_MEDIA_COMBINATION',
			'inputs.audioUrls',
		],
		[
			'EDIT_SOURCE_VIDEO_REQUIRED',
			'sd2.5',
			edit({ urls: links(1) }),
			'EDIT_SOURCE_VIDEO_REQUIRED',
			'inputs.videoUrls',
		],
		['edit with its source', 'sd2.5', edit({ videoUrls: assets(1), urls: links(1) }), null],
		['edit on sd2', 'sd2', edit({ videoUrls: assets(1) }), null],
		[
			'EXTEND_SOURCE_VIDEO_REQUIRED',
			'sd2',
			{ prompt: 'continue', mode: 'extend' },
			'EXTEND_SOURCE_VIDEO_REQUIRED',
			'inputs.videoUrls',
		],
		[
			'extend with one clip',
			'sd2',
			{ prompt: 'continue', mode: 'extend', videoUrls: assets(1) },
			null,
		],
		[
			'extend with three clips',
			'sd2.5',
			{ prompt: 'continue', mode: 'extend', videoUrls: assets(3) },
			null,
		],
		[
			'TOO_MANY_REFERENCES: extend with four clips',
			'sd2.5',
			{ prompt: 'continue', mode: 'extend', videoUrls: assets(4) },
			'TOO_MANY_REFERENCES',
			'inputs.videoUrls',
		],
		['first frame without prompt', 'sd2', { urls: links(1) }, null],
		[
			'mode value unknown',
			'sd2',
			{ prompt: PROMPT, mode: 'remix' },
			'INVALID_PARAMETER',
			'inputs.mode',
		],
		[
			'videoInputMode value unknown',
			'sd2',
			{ prompt: PROMPT, videoInputMode: 'mixed' },
			'INVALID_PARAMETER',
			'inputs.videoInputMode',
		],
	])(
		'%s',
		row((_name, model, inputs, code, path) => {
			expectOutcome(check(model, inputs), code, path);
		}),
	);
});

describe('TOO_MANY_REFERENCES: sd2 family 9/3/3 and 12 files, sd2.5 30/10/10', () => {
	test.each<[string, number, number, number, string | null, string?]>([
		['sd2', 9, 0, 0, null],
		['sd2', 10, 0, 0, 'TOO_MANY_REFERENCES', 'inputs.urls'],
		['sd2', 0, 3, 0, null],
		['sd2-fast', 0, 4, 0, 'TOO_MANY_REFERENCES', 'inputs.videoUrls'],
		['sd2-mini', 1, 0, 3, null],
		['sd2-mini', 1, 0, 4, 'TOO_MANY_REFERENCES', 'inputs.audioUrls'],
		['sd2', 9, 3, 0, null],
		['sd2', 9, 3, 1, 'TOO_MANY_REFERENCES', 'inputs.urls'],
		['sd2.5', 30, 10, 10, null],
		['sd2.5', 31, 0, 0, 'TOO_MANY_REFERENCES'],
		['sd2.5', 0, 11, 0, 'TOO_MANY_REFERENCES'],
		['sd2.5', 0, 0, 11, 'TOO_MANY_REFERENCES'],
	])(
		'%s with %i images, %i videos, %i audio',
		row((model, images, videos, audios, code, path) => {
			const inputs = ref({
				urls: links(images),
				videoUrls: assets(videos),
				audioUrls: links(audios, 'mp3'),
			});
			expectOutcome(check(model, inputs), code, path);
		}),
	);
});

describe('reference forms (EXTERNAL_URL, INVALID_URL)', () => {
	test.each<Row>([
		[
			'videoUrls must be asset://',
			'sd2',
			ref({ videoUrls: ['https://cdn.example.com/v.mp4'] }),
			'EXTERNAL_URL',
			'inputs.videoUrls[0]',
		],
		[
			'second video external',
			'sd2.5',
			ref({ videoUrls: ['asset://a', 'http://x.test/v.mp4'] }),
			'EXTERNAL_URL',
			'inputs.videoUrls[1]',
		],
		['asset:// video', 'sd2', ref({ videoUrls: ['asset://a'] }), null],
		['image as asset://', 'sd2', { prompt: PROMPT, urls: ['asset://img'] }, null],
		['image over http', 'sd2', { prompt: PROMPT, urls: ['http://x.test/a.png'] }, null],
		[
			'image ftp url',
			'sd2',
			{ prompt: PROMPT, urls: ['ftp://x.test/a.png'] },
			'INVALID_URL',
			'inputs.urls[0]',
		],
		[
			'audio not a url',
			'sd2.5',
			ref({ audioUrls: ['song.mp3'] }),
			'INVALID_URL',
			'inputs.audioUrls[0]',
		],
		[
			'urls not a list',
			'sd2',
			{ prompt: PROMPT, urls: 'https://x.test/a.png' },
			'INVALID_PARAMETER',
			'inputs.urls',
		],
		[
			'urls entry not a string',
			'sd2',
			{ prompt: PROMPT, urls: [42] },
			'INVALID_PARAMETER',
			'inputs.urls[0]',
		],
	])(
		'%s',
		row((_name, model, inputs, code, path) => {
			expectOutcome(check(model, inputs), code, path);
		}),
	);
});

describe('other parameters', () => {
	test.each<Row>([
		[
			'PROMPT_TOO_LONG: 20001 characters',
			'sd2',
			{ prompt: 'x'.repeat(20001) },
			'PROMPT_TOO_LONG',
			'inputs.prompt',
		],
		['20000 characters', 'sd2', { prompt: 'x'.repeat(20000) }, null],
		['prompt not text', 'sd2', { prompt: 42 }, 'INVALID_PARAMETER', 'inputs.prompt'],
		[
			'UNSUPPORTED_ASPECT_RATIO: unknown preset',
			'sd2',
			{ prompt: PROMPT, resolution: '1920x1080' },
			'UNSUPPORTED_ASPECT_RATIO',
			'inputs.resolution',
		],
		['preset 1280x540', 'sd2', { prompt: PROMPT, resolution: '1280x540' }, null],
		[
			'UNSUPPORTED_ASPECT_RATIO: reference with auto',
			'sd2',
			ref({ resolution: 'auto', urls: links(1) }),
			'UNSUPPORTED_ASPECT_RATIO',
			'inputs.resolution',
		],
		[
			'UNSUPPORTED_ASPECT_RATIO: reference without resolution (auto default)',
			'sd2.5',
			{ prompt: PROMPT, videoInputMode: 'reference', urls: links(1) },
			'UNSUPPORTED_ASPECT_RATIO',
		],
		['reference with 720x720', 'sd2.5', ref({ resolution: '720x720', urls: links(1) }), null],
		[
			'edit keeps the source aspect (auto accepted)',
			'sd2',
			edit({ resolution: 'auto', videoUrls: assets(1) }),
			null,
		],
		['seed -1 (random)', 'sd2', { prompt: PROMPT, seed: -1 }, null],
		['seed 2147483647', 'sd2', { prompt: PROMPT, seed: 2147483647 }, null],
		[
			'seed 2147483648',
			'sd2',
			{ prompt: PROMPT, seed: 2147483648 },
			'INVALID_PARAMETER',
			'inputs.seed',
		],
		['seed -2', 'sd2', { prompt: PROMPT, seed: -2 }, 'INVALID_PARAMETER', 'inputs.seed'],
		['seed 1.5', 'sd2', { prompt: PROMPT, seed: 1.5 }, 'INVALID_PARAMETER'],
		['bitrateMode high', 'sd2', { prompt: PROMPT, bitrateMode: 'high' }, null],
		[
			'bitrateMode ultra',
			'sd2',
			{ prompt: PROMPT, bitrateMode: 'ultra' },
			'INVALID_PARAMETER',
			'inputs.bitrateMode',
		],
		['generateAudio false', 'sd2', { prompt: PROMPT, generateAudio: false }, null],
		[
			'generateAudio "no"',
			'sd2',
			{ prompt: PROMPT, generateAudio: 'no' },
			'INVALID_PARAMETER',
			'inputs.generateAudio',
		],
		[
			'timestamps on sd2 (spec: "sd2.5 edit only")',
			'sd2',
			edit({ videoUrls: assets(1), urls: links(1), source_frame_timestamps_ms: [0] }),
			'INVALID_PARAMETER',
			'inputs.source_frame_timestamps_ms',
		],
		[
			'timestamps on sd2.5 edit, one per image',
			'sd2.5',
			edit({ videoUrls: assets(1), urls: links(2), source_frame_timestamps_ms: [0, 1500] }),
			null,
		],
		[
			'timestamps count differs from images',
			'sd2.5',
			edit({ videoUrls: assets(1), urls: links(2), source_frame_timestamps_ms: [0] }),
			'INVALID_PARAMETER',
			'inputs.source_frame_timestamps_ms',
		],
		[
			'timestamps outside edit',
			'sd2.5',
			ref({ urls: links(1), source_frame_timestamps_ms: [0] }),
			'INVALID_PARAMETER',
		],
		[
			'negative timestamp',
			'sd2.5',
			edit({ videoUrls: assets(1), urls: links(1), source_frame_timestamps_ms: [-1] }),
			'INVALID_PARAMETER',
			'inputs.source_frame_timestamps_ms[0]',
		],
	])(
		'%s',
		row((_name, model, inputs, code, path) => {
			expectOutcome(check(model, inputs), code, path);
		}),
	);
});

describe('request envelope', () => {
	test.each<[string, unknown, string | null, string?]>([
		[
			'valid with callBackUrl',
			{ model: 'sd2', inputs: { prompt: PROMPT }, callBackUrl: 'https://hooks.example.com/done' },
			null,
		],
		[
			'callBackUrl not a URL',
			{ model: 'sd2', inputs: { prompt: PROMPT }, callBackUrl: 'done' },
			'INVALID_URL',
			'callBackUrl',
		],
		['inputs missing', { model: 'sd2' }, 'INVALID_PARAMETER', 'inputs'],
		['inputs not an object', { model: 'sd2', inputs: 'a cat' }, 'INVALID_PARAMETER', 'inputs'],
		['not an object', 'sd2', 'INVALID_PARAMETER'],
	])(
		'%s',
		row((_name, request, code, path) => {
			expectOutcome(validateRequest(request), code, path);
		}),
	);
});

describe('the prompt: required for text-to-video (all), and for edit/extend only where the spec says so', () => {
	test.each<Row>([
		[
			'sd2.5 extend without a prompt passes (spec: "1-3 clips are joined in order"; prompt "text-to-video only")',
			'sd2.5',
			{ mode: 'extend', videoUrls: assets(1) },
			null,
		],
		[
			'sd2.5 extend of three clips without a prompt passes',
			'sd2.5',
			{ mode: 'extend', videoUrls: assets(3) },
			null,
		],
		[
			'sd2.5 edit without a prompt passes (spec: prompt "text-to-video only")',
			'sd2.5',
			{ mode: 'edit', videoInputMode: 'reference', videoUrls: assets(1) },
			null,
		],
		[
			'PROMPT_REQUIRED: sd2 edit without a prompt (our reading: the action is inferred from the prompt, which "must describe the edit")',
			'sd2',
			{ mode: 'edit', videoInputMode: 'reference', videoUrls: assets(1) },
			'PROMPT_REQUIRED',
			'inputs.prompt',
		],
		[
			'PROMPT_REQUIRED: sd2 extend without a prompt (our reading: it "must describe the continuation")',
			'sd2',
			{ mode: 'extend', videoUrls: assets(1) },
			'PROMPT_REQUIRED',
			'inputs.prompt',
		],
		[
			'PROMPT_REQUIRED: sd2-fast extend without a prompt (our reading, as sd2)',
			'sd2-fast',
			{ mode: 'extend', videoUrls: assets(1) },
			'PROMPT_REQUIRED',
			'inputs.prompt',
		],
		[
			'PROMPT_REQUIRED: sd2-mini edit without a prompt (our reading, as sd2)',
			'sd2-mini',
			{ mode: 'edit', videoInputMode: 'reference', videoUrls: assets(1) },
			'PROMPT_REQUIRED',
			'inputs.prompt',
		],
		[
			'sd2-mini extend with a blank prompt is PROMPT_REQUIRED (our reading, as sd2)',
			'sd2-mini',
			{ prompt: ' ', mode: 'extend', videoUrls: assets(1) },
			'PROMPT_REQUIRED',
		],
		[
			'sd2 extend with a prompt',
			'sd2',
			{ prompt: 'continue the chase', mode: 'extend', videoUrls: assets(1) },
			null,
		],
	])(
		'%s',
		row((_name, model, inputs, code, path) => {
			expectOutcome(check(model, inputs), code, path);
		}),
	);
});

describe('fields the spec does not list pass (the service may add parameters; it decides)', () => {
	test.each<Row>([
		[
			'an input no model has: outputResoluton',
			'sd2',
			{ prompt: PROMPT, outputResoluton: '1080p' },
			null,
		],
		['a new input the service may add', 'sd2.5', { prompt: PROMPT, cameraFixed: true }, null],
		[
			'alt-only ratio on sd (our reading: the spec does not forbid it)',
			'sd2',
			{ prompt: PROMPT, ratio: '16:9' },
			null,
		],
		[
			'alt-only promptExtend on sd (our reading: the spec does not forbid it)',
			'sd2-mini',
			{ prompt: PROMPT, promptExtend: false },
			null,
		],
		[
			'but a refused field keeps its code: draft on sd2 (spec: "sd2.5 only")',
			'sd2',
			{ prompt: PROMPT, draft: true, foo: 1 },
			'DRAFT_OPTION_NOT_ALLOWED',
			'inputs.draft',
		],
	])(
		'%s',
		row((_name, model, inputs, code, path) => {
			expectOutcome(check(model, inputs), code, path);
		}),
	);

	test('an unknown top-level field passes (our reading: the body table does not forbid others)', () => {
		expectOutcome(
			validateRequest({ model: 'sd2', inputs: { prompt: PROMPT }, callbackUrl: 'https://x.test' }),
			null,
		);
	});
});
