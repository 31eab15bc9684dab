/**
 * What Create Video sends (or refuses to send) for inputs that come from expressions, imports and
 * toggles, run through the real n8n-core engine against the emulator.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RunningEmulator } from '../emulator';
import { logged, startFast } from '../emulator/test-helpers';
import { runSteps } from '../helpers/nodes';
import { packageNode } from '../helpers/workflow';

let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startFast();
});
afterAll(() => emu.close());

const CREATE_TASK = '/api/v1/jobs/createTask';

const createVideo = (parameters: Record<string, unknown>, extra = {}) =>
	packageNode('Create Video', 'createVideo', parameters, extra);

/** Runs one Create Video and returns the run with the createTask bodies it sent. */
async function runCreate(parameters: Record<string, unknown>, items?: IDataObject[]) {
	const before = (await logged(emu, CREATE_TASK)).length;
	const run = await runSteps(emu, [createVideo(parameters)], { items });
	const sent = (await logged(emu, CREATE_TASK))
		.slice(before)
		.map((entry) => entry.body as { inputs: Record<string, unknown> });
	return { run, sent };
}

/** The user sees the code first, the field (by its label in the node) in the description, and nothing was sent. */
function expectRefused(result: Awaited<ReturnType<typeof runCreate>>, code: string, field: string) {
	expect(result.run.status).toBe('error');
	expect(result.run.error?.message).toMatch(new RegExp(`^${code}: `));
	expect(result.run.error?.description).toContain(`Field: ${field}`);
	expect(result.sent).toEqual([]);
}

describe('Create Video: automatic length (sd family)', () => {
	test('Automatic Length sends duration -1s instead of the Duration field', async () => {
		const { run, sent } = await runCreate({
			model: 'sd2',
			generationMode: 'textToVideo',
			prompt: 'a fox',
			automaticDuration: true,
			duration: 9,
		});
		expect(sent).toHaveLength(1);
		expect(sent[0].inputs.duration).toBe('-1s');
		// The spec gives no price for -1: the estimate is null, the emulator bills its default 5 s.
		expect(run.status).toBe('success');
		expect(run.json('Create Video')[0]).toMatchObject({
			taskId: expect.any(String),
			estimatedCredits: null,
		});
	});
});

describe('Create Video: draft', () => {
	test('a legacy upscale resolution saved before Draft was switched on is not sent with the draft', async () => {
		const { run, sent } = await runCreate({
			model: 'sd2.5',
			generationMode: 'textToVideo',
			prompt: 'a lighthouse',
			draft: true,
			duration: 4,
			additionalOptions: { upscaleResolution: '1080p', seed: 7 },
		});
		expect(run.error).toBeUndefined();
		expect(sent).toHaveLength(1);
		expect(sent[0].inputs).toMatchObject({ draft: true, seed: 7 });
		expect(sent[0].inputs).not.toHaveProperty('upscaleResolution');
		expect(sent[0].inputs).not.toHaveProperty('outputResolution');
	});
});

describe('Create Video: URL lists', () => {
	const signed = 'https://cdn.example.com/w_400,h_400/a.png';
	const second = 'https://cdn.example.com/b.png?sig=x,y';

	test('one URL per line: commas inside CDN and signed URLs stay part of the URL', async () => {
		const { run, sent } = await runCreate({
			model: 'sd2',
			generationMode: 'reference',
			prompt: 'Image1 and Image2',
			urls: `${signed}\n${second}`,
			referenceAspect: '1280x720',
		});
		expect(run.error).toBeUndefined();
		expect(sent[0].inputs.urls).toEqual([signed, second]);
	});

	test('an expression giving an array keeps each entry whole', async () => {
		const { run, sent } = await runCreate(
			{
				model: 'sd2',
				generationMode: 'reference',
				prompt: 'Image1',
				urls: '={{ $json.images }}',
				referenceAspect: '1280x720',
			},
			[{ images: [signed, second] }],
		);
		expect(run.error).toBeUndefined();
		expect(sent[0].inputs.urls).toEqual([signed, second]);
	});
});

describe('Create Video: refused before anything is sent', () => {
	test.each([
		['urls', 'reference', { referenceAspect: '1280x720' }, 'Reference Image URLs'],
		['firstFrameUrl', 'firstFrame', {}, 'First Frame Image URL'],
	])(
		'three URLs pasted into %s without line breaks are INVALID_URL naming the field',
		async (name, mode, extra, label) => {
			const pasted = 'https://a.example/1.pnghttps://b.example/2.pnghttps://c.example/3.png';
			const result = await runCreate({
				model: 'sd2',
				generationMode: mode,
				prompt: 'Image1',
				[name]: pasted,
				...extra,
			});
			expectRefused(result, 'INVALID_URL', label);
			expect(result.run.error?.message).toContain(`${label} holds several URLs run together`);
		},
	);

	test('First and Last Frames with an empty last frame is INVALID_MEDIA_COMBINATION, not a first-frame video', async () => {
		const result = await runCreate(
			{
				model: 'sd2',
				generationMode: 'keyframes',
				prompt: 'from day to night',
				firstFrameUrl: 'https://example.com/first.png',
				lastFrameUrl: '={{ $json.last }}',
			},
			[{ last: '' }],
		);
		expectRefused(result, 'INVALID_MEDIA_COMBINATION', 'Last Frame Image URL');
		expect(result.run.error?.message).toContain('last frame is empty');
	});

	test.each([
		['an object', { text: 'a fox' }],
		['an array', ['a fox']],
		['a number', 42],
	])('a prompt that is %s is INVALID_PARAMETER on the prompt', async (_what, prompt) => {
		const result = await runCreate(
			{ model: 'sd2', generationMode: 'textToVideo', prompt: '={{ $json.prompt }}' },
			[{ prompt }],
		);
		expectRefused(result, 'INVALID_PARAMETER', 'Prompt (inputs.prompt)');
	});

	test('a duration "abc" from an expression is DURATION_OUT_OF_RANGE', async () => {
		const result = await runCreate(
			{
				model: 'sd2',
				generationMode: 'textToVideo',
				prompt: 'a fox',
				duration: '={{ $json.duration }}',
			},
			[{ duration: 'abc' }],
		);
		expectRefused(result, 'DURATION_OUT_OF_RANGE', 'Duration (Seconds) (inputs.duration)');
		expect(result.run.error?.message).toContain("'abc'");
	});

	test('an unknown generation mode (a bad import) is INVALID_PARAMETER on generationMode', async () => {
		const result = await runCreate({
			model: 'sd2',
			generationMode: 'imageToVideo',
			prompt: 'a fox',
		});
		expectRefused(result, 'INVALID_PARAMETER', 'Generation Mode');
		expect(result.run.error?.message).toContain("'imageToVideo'");
	});
});

describe('Create Video: durations from expressions', () => {
	test.each([
		['the spec\'s own form "7s"', '7s'],
		['a number as text "7"', '7'],
		['a number 7', 7],
	])(
		"%s is sent as 7s (our choice: an expression may give the spec's form)",
		async (_what, duration) => {
			const { run, sent } = await runCreate(
				{
					model: 'sd2',
					generationMode: 'textToVideo',
					prompt: 'a fox',
					duration: '={{ $json.duration }}',
				},
				[{ duration }],
			);
			expect(run.error).toBeUndefined();
			expect(sent[0].inputs.duration).toBe('7s');
		},
	);
});
