import type { INode } from 'n8n-workflow';

// Create Video's words for its fields, registered as n8n loads the node
import '../../../nodes/CreateVideo/field-labels';
import { checkVideoParameters } from '../../../nodes/CreateVideo/resources/video/parameters';
import type { VideoParameters } from '../../../nodes/CreateVideo/resources/video/parameters';
import { buildVideoRequest } from '../../../nodes/CreateVideo/resources/video/request';
import { checkedParameters } from '../../../nodes/shared/create/checked';
import { validateRequest } from '../../../nodes/shared/rules';

const node = { type: 'n8n-nodes-unified-generation.createVideo', parameters: {} } as INode;

/** Checked as the node checks them (a refusal throws the node's error), then built. */
const build = (parameters: Partial<VideoParameters>) =>
	buildVideoRequest(
		checkedParameters(
			{ getNode: () => node },
			0,
			{ model: 'sd2', generationMode: 'textToVideo', ...parameters } as VideoParameters,
			checkVideoParameters,
		),
	);

describe('Create Video fields become the createTask body', () => {
	test('text to video with every additional option', () => {
		const request = build({
			prompt: 'a fox',
			duration: 6,
			aspect: '1280x720',
			outputResolution: '1080p',
			additionalOptions: {
				seed: 42,
				generateAudio: false,
				bitrateMode: 'high',
				upscaleResolution: '4k',
				callBackUrl: ' https://example.com/hook ',
			},
		});
		expect(request).toEqual({
			model: 'sd2',
			inputs: {
				prompt: 'a fox',
				duration: '6s',
				resolution: '1280x720',
				outputResolution: '1080p',
				seed: 42,
				generateAudio: false,
				bitrateMode: 'high',
				upscaleResolution: '4k',
			},
			callBackUrl: 'https://example.com/hook',
		});
		expect(validateRequest(request)).toEqual({ ok: true });
	});

	test('alt sends ratio and prompt extend; edit and extend send the automatic ratio', () => {
		expect(
			build({
				model: 'alt3.0-video',
				prompt: 'p',
				aspect: '9:16',
				additionalOptions: { promptExtend: false },
			}).inputs,
		).toMatchObject({
			ratio: '9:16',
			promptExtend: false,
		});
		const edit = build({
			model: 'alt3.0-video',
			generationMode: 'edit',
			prompt: 'p',
			videoUrls: 'https://a/1.mp4',
			aspect: '9:16',
		});
		expect(edit.inputs).toMatchObject({
			mode: 'edit',
			videoInputMode: 'reference',
			ratio: 'adaptive',
			videoUrls: ['https://a/1.mp4'],
		});
	});

	test('lists accept lines or arrays; frames become urls in keyframe mode', () => {
		const reference = build({
			generationMode: 'reference',
			urls: 'https://a/1.png\n https://a/2.png \n',
			videoUrls: ['asset://v1'],
			referenceAspect: '720x720',
		});
		expect(reference.inputs).toMatchObject({
			urls: ['https://a/1.png', 'https://a/2.png'],
			videoUrls: ['asset://v1'],
			videoInputMode: 'reference',
			resolution: '720x720',
		});
		expect(
			build({
				generationMode: 'keyframes',
				firstFrameUrl: 'https://a/1.png',
				lastFrameUrl: 'https://a/2.png',
			}).inputs,
		).toMatchObject({
			urls: ['https://a/1.png', 'https://a/2.png'],
			videoInputMode: 'keyframe',
		});
	});

	test('sd2.5: draft replaces the output resolution; edit drops duration and sends timestamps; final sends only the order', () => {
		expect(
			build({ model: 'sd2.5', prompt: 'p', draft: true, outputResolution: '720p' }).inputs,
		).toEqual({ prompt: 'p', draft: true });
		const edit = build({
			model: 'sd2.5',
			generationMode: 'edit',
			prompt: 'p',
			videoUrls: 'asset://v',
			urls: 'asset://i',
			sourceFrameTimestamps: '0, 1500',
			duration: 9,
		});
		expect(edit.inputs).toMatchObject({ source_frame_timestamps_ms: [0, 1500] });
		expect(edit.inputs).not.toHaveProperty('duration');
		expect(
			build({
				model: 'sd2.5',
				generationMode: 'final',
				draftSourceOrderId: ' order_1 ',
				prompt: 'ignored',
			}),
		).toEqual({
			model: 'sd2.5',
			inputs: { draftSourceOrderId: 'order_1' },
		});
	});
});

/** What the rules say about the built request: the code and the field, or ok. */
const verdict = (parameters: Partial<VideoParameters>) => {
	const result = validateRequest(build(parameters));
	return result.ok ? 'ok' : { code: result.code, path: result.path, message: result.message };
};

describe('Create Video: URL lists', () => {
	const signed = 'https://cdn.example.com/w_400,h_400/a.png';

	test('text splits on new lines only: a comma is part of a CDN or signed URL', () => {
		const request = build({
			generationMode: 'reference',
			prompt: 'p',
			referenceAspect: '720x720',
			urls: `${signed}\r\nhttps://b.example.com/2.png?sig=a,b\n\n`,
		});
		expect(request.inputs.urls).toEqual([signed, 'https://b.example.com/2.png?sig=a,b']);
	});

	test('an array from an expression keeps each entry whole; an entry that is not text goes to the rules', () => {
		expect(
			build({ generationMode: 'reference', prompt: 'p', urls: [` ${signed} `, ''] }).inputs.urls,
		).toEqual([signed]);
		expect(
			verdict({
				generationMode: 'reference',
				prompt: 'p',
				referenceAspect: '720x720',
				urls: [signed, { url: signed }],
			}),
		).toMatchObject({
			code: 'INVALID_PARAMETER',
			path: 'inputs.urls[1]',
		});
	});

	test('millisecond timestamps still take commas as well as new lines (numbers have no commas)', () => {
		const edit = build({
			model: 'sd2.5',
			generationMode: 'edit',
			prompt: 'p',
			videoUrls: 'asset://v',
			urls: 'asset://a\nasset://b\nasset://c',
			sourceFrameTimestamps: '0, 1500\n3000',
		});
		expect(edit.inputs.source_frame_timestamps_ms).toEqual([0, 1500, 3000]);
	});
});

describe("Create Video: Automatic Length (the spec's duration -1)", () => {
	test('sends -1s on the sd family, which the rules accept (catalog: smart duration)', () => {
		for (const model of ['sd2.5', 'sd2', 'sd2-fast', 'sd2-mini']) {
			const request = build({ model, prompt: 'p', automaticDuration: true, duration: 9 });
			expect(request.inputs.duration).toBe('-1s');
			expect(validateRequest(request)).toEqual({ ok: true });
		}
	});

	test('on alt (where the field is hidden) it is sent as given, and the rules refuse it', () => {
		expect(verdict({ model: 'alt3.0-video', prompt: 'p', automaticDuration: true })).toMatchObject({
			code: 'DURATION_OUT_OF_RANGE',
			path: 'inputs.duration',
		});
	});

	test('off sends Duration; an sd2.5 edit sends no duration either way (it follows its source)', () => {
		expect(build({ prompt: 'p', automaticDuration: false, duration: 9 }).inputs.duration).toBe(
			'9s',
		);
		const edit = build({
			model: 'sd2.5',
			generationMode: 'edit',
			prompt: 'p',
			videoUrls: 'asset://v',
			automaticDuration: true,
		});
		expect(edit.inputs).not.toHaveProperty('duration');
	});

	test('a value that is not a boolean is INVALID_PARAMETER on automaticDuration', () => {
		expect(
			checkVideoParameters({
				model: 'sd2',
				generationMode: 'textToVideo',
				automaticDuration: 'yes',
			}),
		).toMatchObject({
			code: 'INVALID_PARAMETER',
			path: 'automaticDuration',
		});
	});
});

describe('Create Video: draft', () => {
	test('a draft leaves out the legacy upscale resolution, as it does the output resolution', () => {
		const request = build({
			model: 'sd2.5',
			prompt: 'p',
			draft: true,
			outputResolution: '720p',
			additionalOptions: { upscaleResolution: '1080p', seed: 3 },
		});
		expect(request.inputs).toEqual({ prompt: 'p', draft: true, seed: 3 });
		expect(validateRequest(request)).toEqual({ ok: true });
	});

	test('without a draft the legacy upscale resolution is sent', () => {
		expect(
			build({
				model: 'sd2.5',
				prompt: 'p',
				draft: false,
				additionalOptions: { upscaleResolution: '1080p' },
			}).inputs,
		).toMatchObject({
			upscaleResolution: '1080p',
		});
	});

	test('a draft value that is not a boolean goes to the rules (INVALID_PARAMETER on inputs.draft)', () => {
		expect(verdict({ model: 'sd2.5', prompt: 'p', draft: 'yes' })).toMatchObject({
			code: 'INVALID_PARAMETER',
			path: 'inputs.draft',
		});
	});
});

describe('Create Video: frames', () => {
	const frames = {
		generationMode: 'keyframes',
		prompt: 'p',
		firstFrameUrl: 'https://a/1.png',
		lastFrameUrl: 'https://a/2.png',
	} as const;

	test.each([
		['an empty last frame', { lastFrameUrl: '  ' }, 'lastFrameUrl', 'the last frame is empty'],
		[
			'an absent last frame',
			{ lastFrameUrl: undefined },
			'lastFrameUrl',
			'the last frame is empty',
		],
		['an empty first frame', { firstFrameUrl: '' }, 'firstFrameUrl', 'the first frame is empty'],
	])(
		'First and Last Frames with %s is INVALID_MEDIA_COMBINATION, not a first-frame video',
		(_what, change, path, says) => {
			const parameters: Partial<VideoParameters> = { ...frames, ...change };
			expect(checkVideoParameters({ ...parameters, model: 'sd2' })).toMatchObject({
				code: 'INVALID_MEDIA_COMBINATION',
				path,
			});
			expect(() => build(parameters)).toThrow(new RegExp(`^INVALID_MEDIA_COMBINATION: .*${says}`));
			expect(() => build(parameters)).toThrow(
				expect.objectContaining({
					description: `Field: ${path === 'lastFrameUrl' ? 'Last' : 'First'} Frame Image URL. Nothing was sent and no credits were spent.`,
				}),
			);
		},
	);

	test('Image to Video with an empty first frame is INVALID_MEDIA_COMBINATION on firstFrameUrl', () => {
		expect(
			checkVideoParameters({
				model: 'alt3.0-video',
				generationMode: 'firstFrame',
				firstFrameUrl: '',
			}),
		).toMatchObject({
			code: 'INVALID_MEDIA_COMBINATION',
			path: 'firstFrameUrl',
			message: expect.stringContaining('the first frame is empty'),
		});
	});

	test('both frames given are sent trimmed, in order', () => {
		expect(build({ ...frames, firstFrameUrl: ' https://a/1.png ' }).inputs).toMatchObject({
			urls: ['https://a/1.png', 'https://a/2.png'],
			videoInputMode: 'keyframe',
		});
	});
});

describe('Create Video: values of the wrong type get a code and a field before anything is sent', () => {
	test.each([
		['an object', { text: 'a fox' }],
		['an array', ['a fox']],
		['a number', 42],
	])(
		'a prompt that is %s is sent as given and refused: INVALID_PARAMETER on inputs.prompt',
		(_what, prompt) => {
			expect(build({ prompt }).inputs.prompt).toEqual(prompt);
			expect(verdict({ prompt })).toMatchObject({
				code: 'INVALID_PARAMETER',
				path: 'inputs.prompt',
			});
		},
	);

	test.each([
		['the spec\'s own form "7s" (our choice: accepted)', '7s'],
		['text "7"', ' 7 '],
		['a number', 7],
	])('a duration given as %s is sent as 7s', (_what, duration) => {
		const request = build({ prompt: 'p', duration });
		expect(request.inputs.duration).toBe('7s');
		expect(validateRequest(request)).toEqual({ ok: true });
	});

	test('a duration "abc" is sent as given and refused: DURATION_OUT_OF_RANGE on inputs.duration', () => {
		expect(verdict({ prompt: 'p', duration: 'abc' })).toMatchObject({
			code: 'DURATION_OUT_OF_RANGE',
			path: 'inputs.duration',
			message: expect.stringContaining("'abc'"),
		});
		expect(verdict({ prompt: 'p', duration: { seconds: 5 } })).toMatchObject({
			code: 'DURATION_OUT_OF_RANGE',
			path: 'inputs.duration',
		});
	});

	test('a blank duration from an expression counts as not given (the service default applies)', () => {
		expect(build({ prompt: 'p', duration: ' ' }).inputs).not.toHaveProperty('duration');
	});

	test.each([
		['an unknown mode', 'sd2', 'imageToVideo'],
		['a mode that is not text', 'sd2', 42],
		['the final render on a model without drafts', 'sd2', 'final'],
		['edit on alt written in another case', 'alt3.0-video', 'Edit'],
	])('%s is INVALID_PARAMETER on generationMode', (_what, model, generationMode) => {
		const fault = checkVideoParameters({ model, generationMode });
		expect(fault).toMatchObject({ code: 'INVALID_PARAMETER', path: 'generationMode' });
		expect(fault?.message).toContain('textToVideo');
		expect(() => build({ model, generationMode, prompt: 'p' })).toThrow(
			/^INVALID_PARAMETER: generation mode /,
		);
	});

	test('an unknown model is left to the rules (UNSUPPORTED_MODEL)', () => {
		expect(checkVideoParameters({ model: 'sd9', generationMode: 'whatever' })).toBeUndefined();
		expect(verdict({ model: 'sd9', prompt: 'p' })).toMatchObject({ code: 'UNSUPPORTED_MODEL' });
	});

	test('a callback URL that is not text goes to the rules (INVALID_PARAMETER on callBackUrl)', () => {
		expect(
			verdict({ prompt: 'p', additionalOptions: { callBackUrl: { url: 'x' } } }),
		).toMatchObject({
			code: 'INVALID_PARAMETER',
			path: 'callBackUrl',
		});
	});
});
