/**
 * Messages in the user's words (issue 44, item 8), as a new user meets them in the editor: a field
 * is named by the label the node shows (with its API path after it), an asset still in review says
 * how to wait for it, and a task that did not complete says its one next step once, matching what
 * became of it, naming only the nodes that read that task.
 */
import type { RunningEmulator } from '../emulator';
import { makeImage, makeVideo } from '../emulator/media';
import { control, reset, startFast, upload } from '../emulator/test-helpers';
import { FAST_WAIT, runSteps } from '../helpers/nodes';
import { packageNode } from '../helpers/workflow';

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(() => emu.close());
beforeEach(() => reset(emu));

const CREATE = '/api/v1/jobs/createTask';
/** Polls every 0.2 s and gives up after about 1.2 s, before the task ends. */
const SHORT_WAIT = {
	waitForCompletion: 'wait',
	waitOptions: { pollIntervalSeconds: 0.2, timeoutMinutes: 0.02 },
};
const createVideo = (parameters: Record<string, unknown>) =>
	packageNode('Create Video', 'createVideo', { model: 'sd2', prompt: 'a cat', ...parameters });
const upscale = (parameters: Record<string, unknown>) =>
	packageNode('Upscale Video', 'upscale', {
		sourceType: 'url',
		sourceUrl: 'https://cdn.example.com/clip.mp4',
		targetResolution: '1080p',
		...parameters,
	});

/** Everything the editor shows of the error: its message and its description. */
async function shown(node: ReturnType<typeof createVideo>) {
	const run = await runSteps(emu, [node]);
	expect(run.status).toBe('error');
	const { message, description } = run.error as { message: string; description?: string };
	return `${message}\n${description ?? ''}`;
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe('a field is named by its label in the node', () => {
	test.each([
		[
			'a first frame that is not a URL',
			{ generationMode: 'firstFrame', firstFrameUrl: 'ftp://x' },
			'Field: First Frame Image URL (inputs.urls[0]). Nothing was sent',
		],
		[
			'a last frame that is not a URL',
			{
				generationMode: 'keyframes',
				firstFrameUrl: 'https://example.com/1.png',
				lastFrameUrl: 'ftp://x',
			},
			'Field: Last Frame Image URL (inputs.urls[1]). Nothing was sent',
		],
		[
			'a duration out of range',
			{ generationMode: 'textToVideo', duration: 99 },
			'Field: Duration (Seconds) (inputs.duration). Nothing was sent',
		],
	])('refused before sending: %s', async (_case, parameters, expected) => {
		expect(await shown(createVideo(parameters))).toContain(expected);
	});

	test("the service's refusal names the field of its `path` by its label", async () => {
		await control(emu, '/faults', {
			path: CREATE,
			status: 400,
			body: {
				code: 'DURATION_OUT_OF_RANGE',
				message: 'duration too long',
				path: 'inputs.duration',
			},
		});
		expect(await shown(createVideo({ generationMode: 'textToVideo' }))).toContain(
			'Field: Duration (Seconds) (inputs.duration). Fix the request and run the node again.',
		);
	});
});

test('an asset still in review: the error says to wait for its review, and how', async () => {
	await control(emu, '/settings', { reviewDurationMs: 600_000 });
	const { body } = await upload(emu, makeImage('png', 800, 600), 'still.png', { name: 'still' });
	expect(body.status).toBe('PROCESSING');
	const text = await shown(
		createVideo({
			generationMode: 'reference',
			urls: `asset://${String(body.providerAssetId)}`,
			referenceAspect: '1280x720',
		}),
	);
	expect(text).toMatch(/^ASSET_NOT_FOUND: .*PROCESSING/);
	expect(text).toContain('Field: Reference Image URLs (inputs.urls[0])');
	expect(text).toContain(
		"The asset is still in review: it can be used once it is ACTIVE. Turn on Upload Asset's Wait for Review, or put Upload Asset → Wait for Review before this node",
	);
	expect(text).not.toContain('Fix the request');
});

describe('a task that did not complete: one next step, matching its state', () => {
	test('a failed upscale is not told it may still be running, nor to read it later', async () => {
		const text = await shown(upscale({ waitForCompletion: 'wait', ...FAST_WAIT }));
		expect(text).toMatch(/^Task \S+: URL_NOT_REACHABLE: /);
		expect(text).toContain('It failed and will not finish: fix what the service said');
		expect(text).not.toMatch(/may still be running|read it later|read them/i);
		expect(text).not.toContain('Compat Task');
	});

	test('a Create Video still running names Wait For Task once, and never Compat Task', async () => {
		await control(emu, '/settings', { taskDurationMs: 60_000 });
		const text = await shown(createVideo({ generationMode: 'textToVideo', ...SHORT_WAIT }));
		expect(text).toMatch(/^Task \S+: Still running after 1 s/);
		expect(count(text, 'Wait For Task')).toBe(1);
		expect(text).not.toContain('Compat Task');
	});

	test('an upscale still running names Wait For Task with its task type, once', async () => {
		await control(emu, '/settings', { taskDurationMs: 60_000 });
		const text = await shown(upscale({ sourceUrl: await servedClip(), ...SHORT_WAIT }));
		expect(text).toContain('Wait For Task (Task Type: Upscale Task)');
		expect(count(text, 'Wait For Task')).toBe(1);
		expect(text).not.toContain('Compat Task');
	});
});

/** A video the emulator serves (its asset host is exempt from the private-address check). */
async function servedClip(): Promise<string> {
	const clip = makeVideo('mp4', { width: 640, height: 360, seconds: 2 });
	const { body } = await upload(emu, clip, 'clip.mp4', { name: 'clip' });
	return String(body.url);
}
