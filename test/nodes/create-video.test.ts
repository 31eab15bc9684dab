import { probeMedia, makeImage, makeVideo, makeAudio } from '../emulator/media';
import type { RunningEmulator } from '../emulator';
import {
	activeAsset,
	addAccount,
	call,
	control,
	credits,
	logged,
	startFast,
	upload,
} from '../emulator/test-helpers';
import { FAST_WAIT, runSteps } from '../helpers/nodes';
import { packageNode } from '../helpers/workflow';

let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startFast();
});
afterAll(() => emu.close());

const createVideo = (parameters: Record<string, unknown>, extra = {}) =>
	packageNode('Create Video', 'createVideo', parameters, extra);
const waitForTask = (parameters: Record<string, unknown> = {}) =>
	packageNode('Wait For Task', 'waitForTask', { operation: 'wait', ...FAST_WAIT, ...parameters });

describe('Create Video', () => {
	test('text-to-video, then Wait For Task downloads the MP4 into binary data', async () => {
		const run = await runSteps(
			emu,
			[
				createVideo({
					model: 'sd2',
					generationMode: 'textToVideo',
					prompt: '={{ $json.prompt }}',
					duration: 5,
				}),
				waitForTask({ download: true }),
			],
			{ items: [{ prompt: 'a red fox in snow' }] },
		);
		expect(run.status).toBe('success');
		const [created] = run.json('Create Video');
		expect(created).toMatchObject({ model: 'sd2', estimatedCredits: 200 });
		expect(created.taskId).toEqual(expect.any(String));
		const [done] = run.json('Wait For Task');
		// Wait For Task keeps its input item's fields (here Create Video's) and adds the task's state.
		expect(done).toMatchObject({
			taskId: created.taskId,
			estimatedCredits: 200,
			status: 'COMPLETED',
			creditsUsed: 200,
		});
		const file = await run.binary('Wait For Task');
		expect(file.mimeType).toBe('video/mp4');
		const info = probeMedia(file.data);
		expect(info).toMatchObject({ kind: 'video', format: 'mp4', seconds: 5 });
		const [output] = done.output as Array<{ width: number; height: number }>;
		expect(info).toMatchObject({ width: output.width, height: output.height });
	});

	test('waiting inside Create Video returns the finished task', async () => {
		const run = await runSteps(emu, [
			createVideo({
				model: 'sd2-mini',
				generationMode: 'textToVideo',
				prompt: 'waves',
				waitForCompletion: 'wait',
				...FAST_WAIT,
			}),
		]);
		const [item] = run.json('Create Video');
		expect(item).toMatchObject({ status: 'COMPLETED', creditsUsed: 100, estimatedCredits: 100 });
	});

	test('a validation error names the code and field and sends no request', async () => {
		const before = (await logged(emu, '/api/v1/jobs/createTask')).length;
		const run = await runSteps(emu, [
			createVideo({
				model: 'sd2.5',
				generationMode: 'textToVideo',
				prompt: 'too long',
				duration: 40,
			}),
		]);
		expect(run.status).toBe('error');
		expect(run.error?.message).toMatch(/^DURATION_OUT_OF_RANGE: /);
		expect(run.error?.description).toContain('inputs.duration');
		expect((await logged(emu, '/api/v1/jobs/createTask')).length).toBe(before);
	});

	test('continueOnFail: a bad item becomes an error item, the good ones are created', async () => {
		const run = await runSteps(
			emu,
			[
				createVideo(
					{ model: 'sd2', generationMode: 'textToVideo', prompt: '={{ $json.prompt }}' },
					{ onError: 'continueRegularOutput' },
				),
			],
			{ items: [{ prompt: 'ok' }, { prompt: '' }, { prompt: 'fine' }] },
		);
		const items = run.output('Create Video');
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json.taskId).toEqual(expect.any(String));
		expect(items[1].json.error).toMatch(/^EMPTY_CONTENT: /);
		expect(items[2].json.taskId).toEqual(expect.any(String));
	});

	test('the budget refuses the items that would pass it, before anything is sent', async () => {
		const before = await credits(emu);
		const run = await runSteps(
			emu,
			[
				createVideo(
					{
						model: 'sd2',
						generationMode: 'textToVideo',
						prompt: '={{ $json.prompt }}',
						batchOptions: { budget: 450 },
					},
					{ onError: 'continueRegularOutput' },
				),
			],
			{ items: [{ prompt: 'a' }, { prompt: 'b' }, { prompt: 'c' }] },
		);
		const items = run.json('Create Video');
		expect(items[0].taskId).toBeDefined();
		expect(items[1].taskId).toBeDefined();
		expect(items[2].error).toMatch(/^BUDGET_EXCEEDED: /);
		expect(items[2].taskId).toBeUndefined();
		expect((await credits(emu)).credits).toBe(before.credits - 400);
	});

	test('the budget without continueOnFail stops the run before any request', async () => {
		const before = (await logged(emu, '/api/v1/jobs/createTask')).length;
		const run = await runSteps(emu, [
			createVideo({
				model: 'sd2',
				generationMode: 'textToVideo',
				prompt: 'x',
				batchOptions: { budget: 100 },
			}),
		]);
		expect(run.error?.message).toMatch(/^BUDGET_EXCEEDED: /);
		expect((await logged(emu, '/api/v1/jobs/createTask')).length).toBe(before);
	});

	test('a 402 in the middle of a batch stops submitting, and every item says what happened', async () => {
		const before = (await logged(emu, '/api/v1/jobs/createTask')).length;
		const apiKey = await addAccount(emu, 'poor-key', { credits: 700 });
		const run = await runSteps(
			emu,
			[
				createVideo(
					{
						model: 'sd2',
						generationMode: 'textToVideo',
						prompt: '={{ $json.prompt }}',
						batchOptions: { concurrency: 1 },
					},
					{ onError: 'continueRegularOutput' },
				),
			],
			{ items: ['a', 'b', 'c', 'd', 'e'].map((prompt) => ({ prompt })), apiKey },
		);
		const items = run.json('Create Video');
		expect(items.slice(0, 3).every((item) => typeof item.taskId === 'string')).toBe(true);
		expect(items[3].error).toContain('Insufficient credits');
		expect(items[4].error).toContain('Not sent: an earlier item of this batch got HTTP 402');
		expect((await logged(emu, '/api/v1/jobs/createTask')).length - before).toBe(4);
		expect((await credits(emu, apiKey)).credits).toBe(100);
	});

	test('a 402 after a task was created does not stop the run (a re-run would bill that task again): each item says what happened', async () => {
		const apiKey = await addAccount(emu, 'poorer-key', { credits: 250 });
		const run = await runSteps(
			emu,
			[
				createVideo({
					model: 'sd2',
					generationMode: 'textToVideo',
					prompt: '={{ $json.prompt }}',
					batchOptions: { concurrency: 1 },
				}),
			],
			{ items: [{ prompt: 'a' }, { prompt: 'b' }], apiKey },
		);
		expect(run.status).toBe('success');
		const [created, refused] = run.json('Create Video');
		expect(created.taskId).toEqual(expect.any(String));
		expect(refused).toMatchObject({ taskCreated: 'no' });
		expect(refused.error).toContain('Insufficient credits');
		expect(run.runData['Create Video'][0].hints?.[0]).toMatchObject({ type: 'warning' });
	});

	test('a failed task while waiting is reported with its taskId (continueOnFail)', async () => {
		const run = await runSteps(emu, [
			createVideo(
				{
					model: 'sd2',
					generationMode: 'textToVideo',
					prompt: 'this will [fail]',
					waitForCompletion: 'wait',
					...FAST_WAIT,
				},
				{ onError: 'continueRegularOutput' },
			),
		]);
		const [item] = run.json('Create Video');
		expect(item.status).toBe('FAILED');
		expect(item.taskId).toEqual(expect.any(String));
		expect(item.error).toContain(`Task ${item.taskId}`);
	});

	test('a wait that times out still reports the created task: an item under Continue On Fail, the error message without', async () => {
		await control(emu, '/settings', { taskDurationMs: 60_000 });
		try {
			const slowWait = {
				waitForCompletion: 'wait',
				waitOptions: { pollIntervalSeconds: 0.2, timeoutMinutes: 0.01 },
			};
			const kept = await runSteps(emu, [
				createVideo(
					{ model: 'sd2', generationMode: 'textToVideo', prompt: 'slow', ...slowWait },
					{ onError: 'continueRegularOutput' },
				),
			]);
			const [item] = kept.json('Create Video');
			expect(item.taskId).toEqual(expect.any(String));
			expect(item.error).toContain(`Task ${item.taskId}: Still running after`);
			const reported = await runSteps(emu, [
				createVideo({ model: 'sd2', generationMode: 'textToVideo', prompt: 'slow', ...slowWait }),
			]);
			// its one item failed: the workflow stops, and the error names the task
			expect(reported.status).toBe('error');
			expect(reported.error?.message).toMatch(
				/^Task \S+: Still running after .*Wait for it again later with Wait For Task/,
			);
		} finally {
			await control(emu, '/settings', { taskDurationMs: 300 });
		}
	});

	test('draft then final: orderId links them, the final renders at 1080p', async () => {
		const run = await runSteps(emu, [
			createVideo({
				model: 'sd2.5',
				generationMode: 'textToVideo',
				prompt: 'a lighthouse',
				draft: true,
				duration: 4,
			}),
			waitForTask(),
			{
				...createVideo({
					model: 'sd2.5',
					generationMode: 'final',
					// kept unseen after a look at another mode: the final sends no prompt
					prompt: 'a prompt from the text mode',
					waitForCompletion: 'wait',
					...FAST_WAIT,
				}),
				name: 'Final',
			},
		]);
		expect(run.status).toBe('success');
		const [draft] = run.json('Create Video');
		expect(draft.estimatedCredits).toBe(120);
		const [final] = run.json('Final');
		expect(final).toMatchObject({ status: 'COMPLETED', creditsUsed: 600, estimatedCredits: null });
		const [, finalCreate] = await logged(emu, '/api/v1/jobs/createTask');
		expect(JSON.stringify(finalCreate.body)).not.toContain('a prompt from the text mode');
		const relations = await call(`${emu.unifiedBaseUrl}/jobs/relations?orderId=${draft.orderId}`);
		expect(relations.body.finals.map((entry: { orderId: string }) => entry.orderId)).toEqual([
			final.orderId,
		]);
	});
});

describe('Create Video modes', () => {
	let image: string;
	let video: string;
	let audio: string;
	let altImage: string;
	let altVideo: string;
	let altAudio: string;

	beforeAll(async () => {
		image = `asset://${(await activeAsset(emu, makeImage('png', 800, 600), 'still')).providerAssetId}`;
		video = `asset://${(await activeAsset(emu, makeVideo('mp4', { width: 1280, height: 720, seconds: 5 }), 'clip')).providerAssetId}`;
		audio = `asset://${(await activeAsset(emu, makeAudio('wav', { seconds: 5 }), 'voice')).providerAssetId}`;
		const alt = async (bytes: Buffer, name: string) =>
			(await upload(emu, bytes, name, {}, undefined, '?model=alt3.0-video')).body.url as string;
		altImage = await alt(makeImage('png', 800, 600), 'still.png');
		altVideo = await alt(makeVideo('mp4', { width: 1280, height: 720, seconds: 5 }), 'clip.mp4');
		altAudio = await alt(makeAudio('wav', { seconds: 5 }), 'voice.wav');
	});

	const media = (family: 'sd' | 'alt') =>
		family === 'sd'
			? { image, video, audio }
			: { image: altImage, video: altVideo, audio: altAudio };

	const MODES: Array<
		[string, 'sd' | 'alt', string, (m: ReturnType<typeof media>) => Record<string, unknown>]
	> = [];
	for (const [model, family] of [
		['sd2.5', 'sd'],
		['sd2', 'sd'],
		['sd2-fast', 'sd'],
		['sd2-mini', 'sd'],
		['alt3.0-video-prime', 'alt'],
		['alt3.0-video', 'alt'],
	] as const) {
		MODES.push(
			[model, family, 'firstFrame', (m) => ({ firstFrameUrl: m.image })],
			[model, family, 'keyframes', (m) => ({ firstFrameUrl: m.image, lastFrameUrl: m.image })],
			[
				model,
				family,
				'reference',
				(m) => ({
					urls: m.image,
					videoUrls: m.video,
					audioUrls: m.audio,
					referenceAspect: family === 'sd' ? '1280x720' : undefined,
				}),
			],
			[model, family, 'edit', (m) => ({ videoUrls: m.video, urls: m.image })],
			[model, family, 'extend', (m) => ({ videoUrls: `${m.video}\n${m.video}` })],
		);
	}

	test.each(MODES)('%s %s: %s completes', async (model, family, generationMode, fields) => {
		const run = await runSteps(emu, [
			createVideo({
				model,
				generationMode,
				prompt: 'Video1 with Image1, slowly',
				...fields(media(family)),
				waitForCompletion: 'wait',
				...FAST_WAIT,
			}),
		]);
		expect(run.error).toBeUndefined();
		const [item] = run.json('Create Video');
		expect(item).toMatchObject({ model, status: 'COMPLETED' });
		// Every clip here is an uploaded asset whose record carries its length: each price is exact,
		// an sd2.5 edit's (billed on its source) included.
		expect(item.estimatedCredits).toEqual(expect.any(Number));
		expect(item.creditsUsed).toBe(item.estimatedCredits);
	});
});
