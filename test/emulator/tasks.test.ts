import type { RunningEmulator } from './index';
import { makeImage, probeMedia } from './media/index';
import {
	activeAsset,
	addAccount,
	call,
	control,
	createTask,
	credits,
	download,
	logged,
	receiver,
	reset,
	sleep,
	startFast,
	submit,
	waitFor,
	waitTask,
} from './test-helpers';

/** createTask and queryTask: the task clock, outputs that fit the request, credits, 400 and 402. */

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(() => emu.close());
beforeEach(() => reset(emu));

const query = (taskId: string) => call(`${emu.unifiedBaseUrl}/jobs/queryTask?taskId=${taskId}`);

describe('task clock', () => {
	it('moves PENDING → PROCESSING → COMPLETED and reports the queryTask shape', async () => {
		await control(emu, '/settings', { taskDurationMs: 2500 });
		const { taskId, orderId } = await submit(emu, {
			model: 'sd2',
			inputs: { prompt: 'a red fox' },
		});
		expect(taskId).not.toBe(orderId);
		const seen: string[] = [];
		const done = await waitFor(async () => {
			const { body } = await query(taskId);
			if (seen[seen.length - 1] !== body.status) seen.push(body.status);
			if (body.status === 'PENDING')
				expect(body).toMatchObject({ output: null, error: null, completeTime: null });
			return body.status === 'COMPLETED' ? body : undefined;
		}, 'completion');
		expect(seen).toEqual(['PENDING', 'PROCESSING', 'COMPLETED']);
		expect(done).toEqual({
			taskId,
			orderId,
			model: 'sd2',
			status: 'COMPLETED',
			creditsUsed: 200,
			output: [
				{
					url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/files\/\w+\.mp4$/),
					width: 1280,
					height: 720,
				},
			],
			error: null,
			createTime: expect.any(Number),
			completeTime: expect.any(Number),
		});
		expect(done.completeTime).toBeGreaterThanOrEqual(done.createTime);
	});

	it('fails a task whose prompt contains [fail], with a message', async () => {
		const { taskId } = await submit(emu, {
			model: 'sd2-fast',
			inputs: { prompt: 'please [fail]' },
		});
		const done = await waitTask(emu, taskId);
		expect(done).toMatchObject({
			status: 'FAILED',
			output: null,
			error: expect.stringContaining('[fail]'),
		});
		expect(typeof done.completeTime).toBe('number');
	});
});

describe('outputs', () => {
	it('serves a real MP4 of the reported size and length', async () => {
		const { taskId } = await submit(emu, {
			model: 'sd2',
			inputs: { prompt: 'tall', outputResolution: '480p', resolution: '720x1280', duration: '4s' },
		});
		const [item] = (await waitTask(emu, taskId)).output;
		expect(item).toMatchObject({ width: 480, height: 854 });
		const file = await download(item.url);
		expect(file.type).toBe('video/mp4');
		expect(probeMedia(file.bytes)).toMatchObject({
			kind: 'video',
			format: 'mp4',
			width: 480,
			height: 854,
			seconds: 4,
		});
		expect((await download(item.url)).bytes.equals(file.bytes)).toBe(true);
	});

	it.each([
		[
			'sd2.5 default: 720p, automatic aspect',
			{ model: 'sd2.5', inputs: { prompt: 'x' } },
			1280,
			720,
		],
		[
			'sd2-mini 480p square preset',
			{
				model: 'sd2-mini',
				inputs: { prompt: 'x', outputResolution: '480p', resolution: '720x720' },
			},
			480,
			480,
		],
		[
			'sd2 wide preset',
			{ model: 'sd2', inputs: { prompt: 'x', resolution: '1280x540' } },
			1706,
			720,
		],
		[
			'alt ratio 4:3 at 480p',
			{ model: 'alt3.0-video', inputs: { prompt: 'x', ratio: '4:3', outputResolution: '480p' } },
			640,
			480,
		],
		[
			'alt ratio 9:16 at 720p',
			{ model: 'alt3.0-video-prime', inputs: { prompt: 'x', ratio: '9:16' } },
			720,
			1280,
		],
	])('fits model, output tier and aspect: %s', async (_, request, width, height) => {
		const { taskId } = await submit(emu, request);
		expect((await waitTask(emu, taskId)).output[0]).toMatchObject({ width, height });
	});

	it('takes the aspect of the first frame when the preset is automatic', async () => {
		const image = await activeAsset(emu, makeImage('png', 600, 800), 'portrait.png');
		const { taskId } = await submit(emu, {
			model: 'sd2',
			inputs: { prompt: 'move', urls: [`asset://${image.providerAssetId}`] },
		});
		expect((await waitTask(emu, taskId)).output[0]).toMatchObject({ width: 720, height: 960 });
	});

	it.each([
		[
			'gen-image-2',
			{ resolution: '1k', aspectRatio: '16:9', outputFormat: 'jpeg' },
			'jpeg',
			1024,
			576,
		],
		['gen-image-2.5-flare', { resolution: '1k', outputFormat: 'webp' }, 'webp', 1024, 1024],
		['nano-fruit-2', { resolution: '1k', aspectRatio: '9:16' }, 'png', 576, 1024],
	])(
		'serves %s images in the requested format and size',
		async (model, inputs, format, width, height) => {
			const { taskId } = await submit(emu, {
				model,
				inputs: { prompt: 'a lighthouse', ...inputs },
			});
			const [item] = (await waitTask(emu, taskId)).output;
			expect(item).toMatchObject({ width, height });
			const file = await download(item.url);
			expect(probeMedia(file.bytes)).toMatchObject({ kind: 'image', format, width, height });
		},
	);

	it('answers 404 for an unknown file', async () => {
		expect((await download(`${emu.url}/files/file_0.mp4`)).status).toBe(404);
	});
});

describe('credits', () => {
	it('deducts a video charge at submission and keeps it when the task fails', async () => {
		const { taskId } = await submit(emu, { model: 'sd2', inputs: { prompt: 'x [fail]' } });
		expect(await credits(emu)).toEqual({ credits: 999_800, availableCredits: 999_800 });
		expect(await waitTask(emu, taskId)).toMatchObject({ status: 'FAILED', creditsUsed: 200 });
		expect(await credits(emu)).toEqual({ credits: 999_800, availableCredits: 999_800 });
	});

	it('holds an image charge (availableCredits) and spends it on completion', async () => {
		const { taskId } = await submit(emu, {
			model: 'nano-fruit-2',
			inputs: { prompt: 'x', resolution: '1k' },
		});
		expect(await credits(emu)).toEqual({ credits: 1_000_000, availableCredits: 999_980 });
		expect((await waitTask(emu, taskId)).creditsUsed).toBe(20);
		expect(await credits(emu)).toEqual({ credits: 999_980, availableCredits: 999_980 });
	});

	it('refunds a failed image task', async () => {
		const { taskId } = await submit(emu, { model: 'gen-image-2', inputs: { prompt: 'x [fail]' } });
		expect((await credits(emu)).availableCredits).toBe(1_000_000 - 23);
		expect(await waitTask(emu, taskId)).toMatchObject({ status: 'FAILED', creditsUsed: 0 });
		expect(await credits(emu)).toEqual({ credits: 1_000_000, availableCredits: 1_000_000 });
	});

	it('answers 402 without creating a task or charging anything', async () => {
		await addAccount(emu, 'poor-key', { credits: 150 });
		const hook = await receiver([200]);
		try {
			const answer = await createTask(
				emu,
				{ model: 'sd2', inputs: { prompt: 'too dear' }, callBackUrl: hook.url },
				'poor-key',
			);
			expect(answer.status).toBe(402);
			expect(answer.body).toMatchObject({
				code: 'INSUFFICIENT_CREDITS',
				message: expect.stringContaining('200'),
			});
			expect(await credits(emu, 'poor-key')).toEqual({ credits: 150, availableCredits: 150 });
			await sleep(900);
			expect(hook.hits).toHaveLength(0);
			expect((await logged(emu, '/api/v1/jobs/createTask')).map((e) => e.status)).toEqual([402]);
		} finally {
			await hook.close();
		}
	});

	it('refuses a frozen account', async () => {
		await addAccount(emu, 'frozen-key', { frozen: true });
		const answer = await createTask(emu, { model: 'sd2', inputs: { prompt: 'x' } }, 'frozen-key');
		expect(answer).toMatchObject({ status: 403, body: { code: 'ACCOUNT_FROZEN' } });
	});
});

describe('validation (400 before anything is created or charged)', () => {
	it.each([
		['no prompt and no media', { model: 'sd2', inputs: {} }, 'EMPTY_CONTENT'],
		['unknown model', { model: 'sd9', inputs: { prompt: 'x' } }, 'UNSUPPORTED_MODEL'],
		[
			'duration out of range',
			{ model: 'sd2', inputs: { prompt: 'x', duration: '20s' } },
			'DURATION_OUT_OF_RANGE',
		],
		[
			'alt 4k',
			{ model: 'alt3.0-video', inputs: { prompt: 'x', outputResolution: '4k' } },
			'UNSUPPORTED_RESOLUTION',
		],
		[
			'three keyframes',
			{
				model: 'sd2',
				inputs: {
					prompt: 'x',
					videoInputMode: 'keyframe',
					urls: [
						'https://example.com/1.png',
						'https://example.com/2.png',
						'https://example.com/3.png',
					],
				},
			},
			'INVALID_MEDIA_COMBINATION',
		],
		[
			'edit without a video',
			{ model: 'sd2', inputs: { prompt: 'x', mode: 'edit', videoInputMode: 'reference' } },
			'EDIT_SOURCE_VIDEO_REQUIRED',
		],
		[
			'extend without a video',
			{ model: 'sd2.5', inputs: { prompt: 'x', mode: 'extend' } },
			'EXTEND_SOURCE_VIDEO_REQUIRED',
		],
		[
			'audio only on sd2',
			{
				model: 'sd2',
				inputs: {
					prompt: 'x',
					videoInputMode: 'reference',
					resolution: '1280x720',
					audioUrls: ['https://example.com/a.mp3'],
				},
			},
			'AUDIO_ONLY_NOT_SUPPORTED',
		],
		[
			'external video url',
			{
				model: 'sd2',
				inputs: {
					prompt: 'x',
					videoInputMode: 'reference',
					resolution: '1280x720',
					videoUrls: ['https://example.com/v.mp4'],
				},
			},
			'EXTERNAL_URL',
		],
		[
			'unknown asset',
			{
				model: 'sd2',
				inputs: {
					prompt: 'x',
					videoInputMode: 'reference',
					resolution: '1280x720',
					videoUrls: ['asset://ast_missing'],
				},
			},
			'ASSET_NOT_FOUND',
		],
		['image without prompt', { model: 'gen-image-2', inputs: {} }, 'PROMPT_REQUIRED'],
		[
			'prompt over 20000 characters',
			{ model: 'sd2', inputs: { prompt: 'x'.repeat(20001) } },
			'PROMPT_TOO_LONG',
		],
		[
			'reference mode with auto aspect',
			{
				model: 'sd2',
				inputs: {
					prompt: 'x',
					videoInputMode: 'reference',
					resolution: 'auto',
					urls: ['https://example.com/1.png'],
				},
			},
			'UNSUPPORTED_ASPECT_RATIO',
		],
		[
			'quality on a model without it',
			{ model: 'nano-fruit-2', inputs: { prompt: 'x', quality: 'high' } },
			'UNSUPPORTED_QUALITY',
		],
		[
			'outputFormat on a model without it',
			{ model: 'nano-fruit-2', inputs: { prompt: 'x', outputFormat: 'jpeg' } },
			'UNSUPPORTED_OUTPUT_FORMAT',
		],
		[
			'too many images',
			{
				model: 'sd2',
				inputs: {
					prompt: 'x',
					videoInputMode: 'reference',
					resolution: '1280x720',
					urls: Array.from({ length: 10 }, (_, i) => `https://example.com/${i}.png`),
				},
			},
			'TOO_MANY_REFERENCES',
		],
		[
			'alt extend with four clips',
			{
				model: 'alt3.0-video',
				inputs: {
					prompt: 'x',
					mode: 'extend',
					videoInputMode: 'reference',
					videoUrls: Array.from({ length: 4 }, (_, i) => `https://example.com/${i}.mp4`),
				},
			},
			'TOO_MANY_REFERENCES',
		],
		[
			"a field no table lists (the emulator's strictness)",
			{ model: 'sd2', inputs: { prompt: 'x', outputResoluton: '1080p' } },
			'INVALID_PARAMETER',
		],
	])('%s', async (_, request, code) => {
		const answer = await createTask(emu, request);
		expect(answer.status).toBe(400);
		expect(answer.body).toMatchObject({ code, message: expect.any(String) });
		expect(await credits(emu)).toEqual({ credits: 1_000_000, availableCredits: 1_000_000 });
	});

	it('names the field in path', async () => {
		const answer = await createTask(emu, {
			model: 'sd2',
			inputs: { prompt: 'x', duration: '20s' },
		});
		expect(answer.body.path).toBe('inputs.duration');
	});

	it('answers 400 for a body that is not JSON', async () => {
		const response = await fetch(`${emu.unifiedBaseUrl}/jobs/createTask`, {
			method: 'POST',
			headers: { authorization: 'Bearer demo-key', 'content-type': 'application/json' },
			body: '{"model":',
		});
		expect(response.status).toBe(400);
		expect(await response.json()).toMatchObject({ code: 'INVALID_JSON' });
	});
});
