/**
 * Version 2 of the nodes: what a node dragged from the picker starts with (its defaults succeed on the first run), while a saved version-1 node keeps
 * version 1's defaults. Fields as n8n's own displayOptions logic resolves them; runs through the
 * real n8n-core engine against the emulator.
 */
import type { INodeType } from 'n8n-workflow';

import { CompatTask } from '../../nodes/CompatTask/CompatTask.node';
import { CreateImage } from '../../nodes/CreateImage/CreateImage.node';
import { CreateVideo } from '../../nodes/CreateVideo/CreateVideo.node';
import { GetCredits } from '../../nodes/GetCredits/GetCredits.node';
import { TaskTrigger } from '../../nodes/TaskTrigger/TaskTrigger.node';
import { UploadAsset } from '../../nodes/UploadAsset/UploadAsset.node';
import { Upscale } from '../../nodes/Upscale/Upscale.node';
import { WaitForTask } from '../../nodes/WaitForTask/WaitForTask.node';
import type { RunningEmulator } from '../emulator';
import { makeImage, makeVideo } from '../emulator/media';
import { activeAsset, control, logged, startFast } from '../emulator/test-helpers';
import { itemWithFiles, runWithFiles } from '../helpers/binary-items';
import { runSteps } from '../helpers/nodes';
import { visibleFields } from '../helpers/visible-fields';
import { COMPAT_CREDENTIAL, packageNode } from '../helpers/workflow';

let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startFast();
});
afterAll(() => emu.close());

const defaults = (node: INodeType, version: number, values: Record<string, unknown> = {}) =>
	visibleFields(node, values as never, version).values;

describe('what a new node (version 2) starts with, and what a saved version-1 node keeps', () => {
	test('every node is version 2 when added, and still loads version 1 (the one released)', () => {
		const nodes = [CreateVideo, CreateImage, Upscale, WaitForTask, CompatTask, UploadAsset];
		for (const Node of [...nodes, GetCredits, TaskTrigger]) {
			const { version, defaultVersion } = new Node().description;
			expect([Node.name, version, defaultVersion]).toEqual([Node.name, [1, 2], 2]);
		}
	});

	test.each([
		['Create Video', new CreateVideo()],
		['Create Image', new CreateImage()],
		['Upscale Video', new Upscale()],
	])('%s: version 2 waits and downloads the result; version 1 returns at once', (_name, node) => {
		expect(defaults(node, 2)).toMatchObject({
			waitForCompletion: 'wait',
			download: true,
			binaryProperty: 'data',
		});
		expect(defaults(node, 1)).toMatchObject({ waitForCompletion: 'none' });
		expect(defaults(node, 1)).not.toHaveProperty('download');
	});

	test('Wait For Task: version 2 waits and downloads the result files; version 1 waits without them', () => {
		expect(defaults(new WaitForTask(), 2)).toMatchObject({
			operation: 'wait',
			download: true,
			binaryProperty: 'data',
			simplify: true,
		});
		expect(defaults(new WaitForTask(), 1)).toMatchObject({ operation: 'wait', download: false });
		expect(defaults(new WaitForTask(), 1)).not.toHaveProperty('simplify');
	});

	test('Compat Task → Task → Create: version 2 starts on a real model, version 1 on Other Model ID', () => {
		expect(defaults(new CompatTask(), 2)).toMatchObject({
			resource: 'task',
			operation: 'create',
			model: 'video-2-0-260128',
		});
		expect(defaults(new CompatTask(), 2)).not.toHaveProperty('customModel');
		expect(defaults(new CompatTask(), 1)).toMatchObject({ model: 'custom', customModel: '' });
	});

	test('Compat Task version 2: Task → Create and Task → Wait wait and download, as the Create nodes do; version 1 returns at once', () => {
		expect(defaults(new CompatTask(), 2)).toMatchObject({
			model: 'video-2-0-260128',
			waitForCompletion: 'wait',
			download: true,
		});
		expect(defaults(new CompatTask(), 1)).toMatchObject({ waitForCompletion: 'none' });
		expect(defaults(new CompatTask(), 1)).not.toHaveProperty('download');
		const wait = { resource: 'task', operation: 'wait' };
		expect(defaults(new CompatTask(), 2, wait)).toMatchObject({ download: true });
		expect(defaults(new CompatTask(), 1, wait)).toMatchObject({ download: false });
	});

	test('Create Video version 2: an alt model lists one automatic ratio; version 1 both (saved workflows hold either)', () => {
		const alt = { model: 'alt3.0-video', generationMode: 'textToVideo' };
		const ratios = (version: number) =>
			visibleFields(new CreateVideo(), alt as never, version).options('aspect');
		expect(ratios(2).filter(({ value }) => value === 'auto' || value === 'adaptive')).toEqual([
			{ value: 'adaptive', name: 'Automatic' },
		]);
		expect(ratios(2).map(({ value }) => value)).toEqual([
			'adaptive',
			'16:9',
			'9:16',
			'1:1',
			'4:3',
			'3:4',
		]);
		expect(ratios(1).map(({ value }) => value)).toEqual(
			expect.arrayContaining(['auto', 'adaptive']),
		);
		expect(defaults(new CreateVideo(), 2, alt)).toMatchObject({ aspect: 'adaptive' });
		// an sd model's presets are the same on every version
		const sd = { model: 'sd2', generationMode: 'textToVideo' };
		const presets = (version: number) =>
			visibleFields(new CreateVideo(), sd as never, version).options('aspect');
		expect(presets(2)).toEqual(presets(1));
	});

	test("Upload Asset version 2 starts on Automatic: the item's file (Input Binary Field) when it carries one, else the URL, neither required; it waits for the review", () => {
		const upload = new UploadAsset();
		expect(defaults(upload, 2)).toMatchObject({
			operation: 'upload',
			source: 'auto',
			binaryPropertyName: 'data',
			url: '',
			type: 'IMAGE',
			forModel: 'none',
			waitForReview: true,
		});
		const fields = visibleFields(upload, {} as never, 2);
		const values = (name: string) => fields.options(name).map((option) => option.value);
		expect(values('source')).toEqual(['auto', 'binary', 'url']);
		expect(fields.field('url')?.required).toBeFalsy();
		const older = visibleFields(upload, {} as never, 1).options('source');
		expect(older.map((option) => option.value)).toEqual(['binary', 'url']);
		const byUrl = visibleFields(upload, { source: 'url' } as never, 2);
		expect(byUrl.field('url')?.required).toBe(true);
		expect(defaults(upload, 1)).toMatchObject({
			source: 'binary',
			binaryPropertyName: 'data',
			waitForReview: false,
		});
	});

	test("Upscale Video version 2 starts on Automatic: the item's video when it carries one, else the Video URL (not required); version 1 on URL", () => {
		const upscale = new Upscale();
		expect(defaults(upscale, 2)).toMatchObject({
			sourceType: 'auto',
			binaryPropertyName: 'data',
			sourceUrl: '',
		});
		const fields = visibleFields(upscale, {} as never, 2);
		expect(fields.options('sourceType').map((option) => option.value)).toEqual([
			'auto',
			'binary',
			'asset',
			'url',
		]);
		expect(fields.field('sourceUrl')?.required).toBeFalsy();
		expect(defaults(upscale, 1)).toMatchObject({ sourceType: 'url', sourceUrl: '' });
		expect(defaults(upscale, 1)).not.toHaveProperty('binaryPropertyName');
		const older = visibleFields(upscale, {} as never, 1).options('sourceType');
		expect(older.map((option) => option.value)).toEqual(['binary', 'asset', 'url']);
	});

	test('Task Finished Trigger: version 2 downloads the result files, version 1 does not', () => {
		expect(defaults(new TaskTrigger(), 2)).toMatchObject({
			download: true,
			binaryProperty: 'data',
		});
		expect(defaults(new TaskTrigger(), 1)).toMatchObject({ download: false });
	});
});

describe("a new node's first run on its defaults", () => {
	test('Create Video with only a prompt waits for the task and returns the video as binary data', async () => {
		const run = await runSteps(emu, [
			packageNode(
				'Create Video',
				'createVideo',
				{ prompt: 'a kite over the sea' },
				{ typeVersion: 2 },
			),
		]);
		expect(run.error).toBeUndefined();
		expect(run.json('Create Video')[0]).toMatchObject({
			status: 'COMPLETED',
			taskId: expect.any(String),
		});
		expect((await run.binary('Create Video')).mimeType).toMatch(/^video\//);
	});

	test('Create Image with only a prompt waits for the task and returns the image as binary data', async () => {
		const run = await runSteps(emu, [
			packageNode('Create Image', 'createImage', { prompt: 'a red fox' }, { typeVersion: 2 }),
		]);
		expect(run.error).toBeUndefined();
		expect(run.json('Create Image')[0]).toMatchObject({
			status: 'COMPLETED',
			imageUrl: expect.any(String),
		});
		expect((await run.binary('Create Image')).mimeType).toMatch(/^image\//);
	});

	test('Upscale Video with only a source URL waits for the task and returns the video as binary data', async () => {
		const clip = await activeAsset(
			emu,
			makeVideo('mp4', { width: 640, height: 360, seconds: 2 }),
			'clip',
		);
		const run = await runSteps(emu, [
			packageNode('Upscale Video', 'upscale', { sourceUrl: clip.url }, { typeVersion: 2 }),
		]);
		expect(run.error).toBeUndefined();
		// Simplify (on): the names Create Video uses for the same things
		const [item] = run.json('Upscale Video');
		expect(item).toMatchObject({
			taskId: expect.any(String),
			status: 'COMPLETED',
			creditsUsed: expect.any(Number),
			completedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
			videoUrl: expect.any(String),
		});
		expect(item).not.toHaveProperty('creditsConsumed');
		expect(item).not.toHaveProperty('finishedAt');
		expect((await run.binary('Upscale Video')).mimeType).toMatch(/^video\//);
	});

	test('Wait For Task on its defaults after Create Video (Return at Once): the video in binary data, the times as ISO strings', async () => {
		const run = await runSteps(emu, [
			packageNode('Create Video', 'createVideo', { prompt: 'a lighthouse' }, { typeVersion: 1 }),
			packageNode('Wait For Task', 'waitForTask', {}, { typeVersion: 2 }),
		]);
		expect(run.error).toBeUndefined();
		const [item] = run.json('Wait For Task');
		expect(item).toMatchObject({
			status: 'COMPLETED',
			createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
			completedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
		});
		expect(item).not.toHaveProperty('createTime');
		expect((await run.binary('Wait For Task')).mimeType).toMatch(/^video\//);
	});

	test('Compat Task on Return at Once creates a task on the default model and says what to do next', async () => {
		const node = packageNode(
			'Compat Task',
			'compatTask',
			{ prompt: 'a kite', waitForCompletion: 'none' },
			{ typeVersion: 2, credentials: COMPAT_CREDENTIAL },
		);
		const run = await runSteps(emu, [node]);
		expect(run.error).toBeUndefined();
		const [item] = run.json('Compat Task');
		expect(item).toMatchObject({
			taskId: expect.stringMatching(/^cgt/),
			model: 'video-2-0-260128',
			nextStep: expect.stringContaining('Compat Task → Task → Wait'),
		});
	});

	test('Compat Task with only a prompt waits for the task and returns the video as binary data', async () => {
		const node = packageNode(
			'Compat Task',
			'compatTask',
			{ prompt: 'a kite', waitOptions: { pollIntervalSeconds: 0.2 } },
			{ typeVersion: 2, credentials: COMPAT_CREDENTIAL },
		);
		const run = await runSteps(emu, [node]);
		expect(run.error).toBeUndefined();
		const [item] = run.json('Compat Task');
		expect(item).toMatchObject({ taskId: expect.stringMatching(/^cgt/), status: 'COMPLETED' });
		expect((await run.binary('Compat Task')).mimeType).toBe('video/mp4');
	});

	test('Upload Asset with only a URL typed uploads it and waits for its review', async () => {
		const before = (await logged(emu, '/api/v1/assets/upload')).length;
		const run = await runSteps(emu, [
			packageNode(
				'Upload Asset',
				'uploadAsset',
				{ url: 'https://example.com/cat.png' },
				{ typeVersion: 2 },
			),
		]);
		expect(run.error).toBeUndefined();
		expect(run.json('Upload Asset')[0]).toMatchObject({
			assetId: expect.anything(),
			assetUri: expect.stringMatching(/^asset:\/\//),
			url: 'https://example.com/cat.png',
			status: 'ACTIVE',
		});
		expect((await logged(emu, '/api/v1/assets/upload')).length).toBe(before + 1);
	});
});

describe('the README chain on defaults: a photo → Upload Asset → Create Video with its assetUri as First Frame', () => {
	const photo = {
		property: 'data',
		bytes: makeImage('png', 640, 480),
		fileName: 'photo.png',
		mimeType: 'image/png',
	};
	const chain = [
		packageNode('Upload Asset', 'uploadAsset', {}, { typeVersion: 2 }),
		packageNode(
			'Create Video',
			'createVideo',
			{
				model: 'sd2-mini',
				generationMode: 'firstFrame',
				prompt: 'the photo comes alive',
				firstFrameUrl: '={{ $json.assetUri }}',
			},
			{ typeVersion: 2 },
		),
	];

	test('Upload Asset waits for the review, so Create Video gets an ACTIVE asset and makes the video', async () => {
		// a review longer than the upload and the create's checks: an asset still in review is refused
		await control(emu, '/settings', { reviewDurationMs: 1500 });
		try {
			const run = await runWithFiles(emu, chain, [itemWithFiles([photo])]);
			expect(run.error).toBeUndefined();
			expect(run.json('Upload Asset')[0]).toMatchObject({ status: 'ACTIVE' });
			expect(run.json('Create Video')[0]).toMatchObject({ status: 'COMPLETED' });
		} finally {
			await control(emu, '/settings', { reviewDurationMs: 100 });
		}
	});
});

describe('Return at Once says what to do next', () => {
	const returnAtOnce = { prompt: 'a kite', waitForCompletion: 'none' };

	test('version 2: each created item carries nextStep, and the run an execution hint', async () => {
		const run = await runSteps(emu, [
			packageNode('Create Video', 'createVideo', returnAtOnce, { typeVersion: 2 }),
		]);
		expect(run.json('Create Video')[0]).toMatchObject({
			taskId: expect.any(String),
			nextStep: expect.stringContaining('Wait For Task'),
		});
		expect(run.runData['Create Video'][0].hints).toEqual([
			expect.objectContaining({
				message: expect.stringContaining('Wait For Task'),
				location: 'outputPane',
			}),
		]);
	});

	test('version 1: the same execution hint, and the item as before (no new field)', async () => {
		const run = await runSteps(emu, [packageNode('Create Video', 'createVideo', returnAtOnce)]);
		expect(run.json('Create Video')[0]).not.toHaveProperty('nextStep');
		expect(run.runData['Create Video'][0].hints).toHaveLength(1);
	});

	test('a waiting node has no such hint', async () => {
		const run = await runSteps(emu, [
			packageNode(
				'Create Image',
				'createImage',
				{ prompt: 'a fox', waitForCompletion: 'wait' },
				{ typeVersion: 2 },
			),
		]);
		expect(run.runData['Create Image'][0].hints ?? []).toEqual([]);
	});

	test('the node panel shows the advice before a run while Return at Once is chosen', () => {
		for (const node of [new CreateVideo(), new CreateImage(), new CompatTask()]) {
			expect(node.description.hints).toEqual([
				expect.objectContaining({
					whenToDisplay: 'beforeExecution',
					displayCondition: expect.stringContaining('"none"'),
				}),
			]);
		}
	});
});
