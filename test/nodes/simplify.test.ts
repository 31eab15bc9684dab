/**
 * Simplify (version 2 of Create Video, Create Image and Compat Task → Task): times as ISO strings,
 * one credits field per meaning, the compat task id as `taskId`; off, or on version 1, the raw
 * answer. Run through the real n8n-core engine against the emulator.
 */
import {
	simplifyItem,
	simplificationOf,
	COMPAT_SIMPLE,
	GENERATION_SIMPLE,
} from '../../nodes/shared/output/simplify';
import type { RunningEmulator } from '../emulator';
import { startFast } from '../emulator/test-helpers';
import { FAST_WAIT, runSteps } from '../helpers/nodes';
import { COMPAT_CREDENTIAL, packageNode } from '../helpers/workflow';

let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startFast();
});
afterAll(() => emu.close());

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const WAIT = { waitForCompletion: 'wait', download: false, ...FAST_WAIT };
const video = { model: 'sd2-mini', prompt: 'a kite', duration: 4, ...WAIT };

describe('the simplified item', () => {
	test('a generation task: createTime and completeTime become ISO createdAt and completedAt', () => {
		const item = simplifyItem(
			{ json: { taskId: 't', createTime: 1_700_000_000_000, completeTime: 'soon' } },
			GENERATION_SIMPLE,
		);
		expect(item.json).toEqual({
			taskId: 't',
			createdAt: '2023-11-14T22:13:20.000Z',
			completedAt: null,
		});
	});

	test("a compat task: its id as taskId, the status in a generation task's words, unix seconds as ISO, the video url instead of content", () => {
		const json = {
			id: 'cgt1',
			status: 'succeeded',
			created_at: 1_700_000_000,
			updated_at: 1_700_000_060,
			content: [{ type: 'video_url', video_url: { url: 'https://v/1.mp4' } }],
		};
		expect(simplifyItem({ json }, COMPAT_SIMPLE).json).toEqual({
			taskId: 'cgt1',
			status: 'COMPLETED',
			createdAt: '2023-11-14T22:13:20.000Z',
			updatedAt: '2023-11-14T22:14:20.000Z',
			videoUrl: 'https://v/1.mp4',
		});
	});

	test("a generation task read by its id (Wait For Task, the trigger): a video model's task gets videoUrl as Create Video's output, an image model's none", () => {
		const output = [{ url: 'https://files/1.mp4' }];
		const read = (model: string) =>
			simplifyItem({ json: { taskId: 't', model, output } }, simplificationOf('generation')).json;
		expect(read('sd2-mini')).toMatchObject({ videoUrl: 'https://files/1.mp4' });
		expect(read('nano-fruit-2')).not.toHaveProperty('videoUrl');
	});

	test('an error item without those fields passes through', () => {
		expect(simplifyItem({ json: { error: 'x', taskCreated: 'no' } }, COMPAT_SIMPLE).json).toEqual({
			error: 'x',
			taskCreated: 'no',
		});
	});
});

describe('Simplify in workflows', () => {
	test('Create Video version 2: ISO times by default; Simplify off gives the raw answer', async () => {
		const simple = await runSteps(emu, [
			packageNode('Create Video', 'createVideo', video, { typeVersion: 2 }),
		]);
		const [item] = simple.json('Create Video');
		expect(item).toMatchObject({
			status: 'COMPLETED',
			createdAt: expect.stringMatching(ISO),
			completedAt: expect.stringMatching(ISO),
		});
		expect(item).not.toHaveProperty('createTime');
		// its own fields and the video's URL (Upscale Video and Compat Task give it alike)
		expect(Object.keys(item).length).toBeLessThanOrEqual(11);
		const raw = await runSteps(emu, [
			packageNode('Create Video', 'createVideo', { ...video, simplify: false }, { typeVersion: 2 }),
		]);
		expect(raw.json('Create Video')[0]).toMatchObject({
			createTime: expect.any(Number),
			completeTime: expect.any(Number),
		});
		expect(raw.json('Create Video')[0]).not.toHaveProperty('createdAt');
	});

	test('Create Video version 1 keeps its raw output (no Simplify field)', async () => {
		const run = await runSteps(emu, [packageNode('Create Video', 'createVideo', video)]);
		expect(run.json('Create Video')[0]).toMatchObject({ createTime: expect.any(Number) });
	});

	test('Create Image version 2: one credits field per meaning (estimatedCredits, creditsUsed)', async () => {
		const run = await runSteps(emu, [
			packageNode('Create Image', 'createImage', { prompt: 'a fox', ...WAIT }, { typeVersion: 2 }),
		]);
		const [item] = run.json('Create Image');
		expect(item).toMatchObject({
			estimatedCredits: expect.any(Number),
			creditsUsed: expect.any(Number),
			createdAt: expect.stringMatching(ISO),
		});
		expect(item).not.toHaveProperty('creditsCharged');
		const v1 = await runSteps(emu, [
			packageNode('Create Image', 'createImage', { prompt: 'a fox', ...WAIT }),
		]);
		expect(v1.json('Create Image')[0]).toMatchObject({
			creditsUsed: expect.any(Number),
			creditsCharged: expect.any(Number),
		});
	});

	test('Compat Task version 2: Create then Wait give taskId, ISO times and videoUrl', async () => {
		const create = packageNode(
			'Create',
			'compatTask',
			{ prompt: 'a kite', waitForCompletion: 'none' },
			{ typeVersion: 2, credentials: COMPAT_CREDENTIAL },
		);
		const wait = packageNode(
			'Wait',
			'compatTask',
			{ resource: 'task', operation: 'wait', ...FAST_WAIT },
			{ typeVersion: 2, credentials: COMPAT_CREDENTIAL },
		);
		const run = await runSteps(emu, [create, wait]);
		expect(run.error).toBeUndefined();
		const [item] = run.json('Wait');
		expect(item).toMatchObject({
			taskId: run.json('Create')[0].taskId,
			status: 'COMPLETED',
			videoUrl: expect.stringMatching(/^http/),
			createdAt: expect.stringMatching(ISO),
		});
		expect(item).not.toHaveProperty('content');
		expect(item).not.toHaveProperty('id');
		expect(item).not.toHaveProperty('created_at');
	});

	test("Upload Asset version 2: createdAt as an ISO string, in a list's items too; version 1 keeps ms", async () => {
		const upload = {
			operation: 'upload',
			source: 'url',
			url: 'https://example.com/cat.png',
			type: 'IMAGE',
		};
		const v2 = await runSteps(emu, [
			packageNode('Upload Asset', 'uploadAsset', upload, { typeVersion: 2 }),
		]);
		expect(v2.json('Upload Asset')[0]).toMatchObject({
			assetId: expect.anything(),
			createdAt: expect.stringMatching(ISO),
		});
		const v1 = await runSteps(emu, [packageNode('Upload Asset', 'uploadAsset', upload)]);
		expect(v1.json('Upload Asset')[0]).toMatchObject({ createdAt: expect.any(Number) });
		const list = await runSteps(emu, [
			packageNode(
				'Upload Asset',
				'uploadAsset',
				{ operation: 'list', returnAll: false, limit: 2 },
				{ typeVersion: 2 },
			),
		]);
		expect(list.json('Upload Asset')[0].items).toEqual([
			expect.objectContaining({ createdAt: expect.stringMatching(ISO) }),
			expect.objectContaining({ createdAt: expect.stringMatching(ISO) }),
		]);
	});
});
