/**
 * Upscale Video on the real n8n-core engine against the emulator: sources from a URL, an uploaded
 * asset and binary data, each completing with the downloaded file; the spec's upscale error codes
 * reaching the user whether they come back as HTTP 4xx or as a failed task; budget and 402.
 */
import type { RunningEmulator } from '../emulator';
import { makeImage, makeVideo, probeMedia } from '../emulator/media';
import {
	activeAsset,
	addAccount,
	control,
	logged,
	startFast,
	upload,
} from '../emulator/test-helpers';
import { itemWithFiles, runWithFiles } from '../helpers/binary-items';
import { nodeTypes } from '../harness';
import { loadOptionsContext } from '../helpers/load-options';
import { FAST_WAIT, emulatorCredentials, runSteps } from '../helpers/nodes';
import { PACKAGE, chainWorkflow, packageNode } from '../helpers/workflow';
import type { ILoadOptionsFunctions, INodeListSearchResult, INodeType } from 'n8n-workflow';

let emu: RunningEmulator;
let clip: { assetId: number; url: string };
const clipBytes = makeVideo('mp4', { width: 640, height: 360, seconds: 2 });
beforeAll(async () => {
	emu = await startFast();
	clip = await activeAsset(emu, clipBytes, 'clip');
});
afterAll(() => emu.close());

const CREATE = '/api/v1/upscale/create';
const WAIT = { waitForCompletion: 'wait', download: true, ...FAST_WAIT };

const upscale = (parameters: Record<string, unknown>, extra = {}) =>
	packageNode('Upscale Video', 'upscale', parameters, extra);

async function sentSince(before: number) {
	return (await logged(emu, CREATE))
		.slice(before)
		.map(
			(entry) => entry.body as { source: { type: string; url: string }; targetResolution: string },
		);
}

/** Completed, with the upscaled MP4 in binary data at the target's height. */
async function expectUpscaled(run: Awaited<ReturnType<typeof runSteps>>) {
	expect(run.error).toBeUndefined();
	const [item] = run.json('Upscale Video');
	expect(item).toMatchObject({
		taskId: expect.any(String),
		status: 'completed',
		estimatedCredits: 125,
		creditsConsumed: 125,
		error: null,
	});
	const file = await run.binary('Upscale Video');
	expect(file.mimeType).toBe('video/mp4');
	expect(probeMedia(file.data)).toMatchObject({ kind: 'video', height: 1080 });
}

describe('Upscale Video: sources', () => {
	test("from a URL (the service's own asset host is exempt from the private-address check)", async () => {
		const before = (await logged(emu, CREATE)).length;
		const run = await runSteps(emu, [
			upscale({ sourceType: 'url', sourceUrl: clip.url, targetResolution: '1080p', ...WAIT }),
		]);
		await expectUpscaled(run);
		expect(await sentSince(before)).toEqual([
			{ source: { type: 'url', url: clip.url }, targetResolution: '1080p' },
		]);
	});

	test.each([
		['From List (its value is the assetId)', 'list'],
		['By ID', 'id'],
	])('from an uploaded asset, %s: the asset is read and its url sent', async (_what, mode) => {
		const before = (await logged(emu, CREATE)).length;
		const run = await runSteps(emu, [
			upscale({
				sourceType: 'asset',
				asset: { mode, value: String(clip.assetId) },
				targetResolution: '1080p',
				...WAIT,
			}),
		]);
		await expectUpscaled(run);
		expect((await sentSince(before))[0].source.url).toBe(clip.url);
	});

	test('from binary data: uploaded as a reviewed asset, then upscaled', async () => {
		const beforeUploads = (await logged(emu, '/api/v1/assets/upload')).length;
		const run = await runWithFiles(
			emu,
			[upscale({ sourceType: 'binary', targetResolution: '1080p', ...WAIT })],
			[
				itemWithFiles([
					{ property: 'data', bytes: clipBytes, fileName: 'mine.mp4', mimeType: 'video/mp4' },
				]),
			],
		);
		await expectUpscaled(run);
		expect((await logged(emu, '/api/v1/assets/upload')).slice(beforeUploads)).toHaveLength(1);
	});
});

describe('Upscale Video: the asset list of the resource locator', () => {
	const KEY = 'asset-picker-key';
	type Search = (
		this: ILoadOptionsFunctions,
		filter?: string,
		token?: string,
	) => Promise<INodeListSearchResult>;

	test('lists only ACTIVE videos, newest first, page by page, and searches by name', async () => {
		await addAccount(emu, KEY);
		for (let index = 0; index < 51; index++)
			await upload(emu, clipBytes, `clip ${index}`, { name: `clip ${index}` }, KEY);
		await upload(emu, clipBytes, 'bad', { name: 'clip rejected [reject]' }, KEY);
		// Reviews end in upload order: once the last one is ACTIVE, all are.
		await activeAsset(emu, clipBytes, 'clip 51', KEY);
		await upload(emu, makeImage('png', 640, 480), 'still', { name: 'a still' }, KEY);
		const workflow = chainWorkflow([upscale({ sourceType: 'asset' })]);
		const ctx = await loadOptionsContext(
			workflow,
			'Upscale Video',
			'parameters.asset',
			emulatorCredentials(emu, KEY),
		);
		const node = nodeTypes().getByNameAndVersion(`${PACKAGE}.upscale`) as INodeType;
		const search = node.methods!.listSearch!.searchVideoAssets as Search;
		const first = await search.call(ctx);
		expect(first.results).toHaveLength(50);
		expect(first.results[0].name).toMatch(/^clip 51 \(\d+\)$/);
		expect(first.paginationToken).toEqual(expect.any(String));
		const second = await search.call(ctx, undefined, first.paginationToken as string);
		expect(second.results.map((entry) => entry.name.split(' (')[0])).toEqual(['clip 1', 'clip 0']);
		expect(second.paginationToken).toBeUndefined();
		const found = await search.call(ctx, 'CLIP 7');
		expect(found.results.map((entry) => entry.name.split(' (')[0])).toEqual(['clip 7']);
	}, 60_000);
});

describe("Upscale Video: the spec's error codes reach the user", () => {
	const fail = { onError: 'continueRegularOutput' };

	async function failedWith(parameters: Record<string, unknown>, apiKey?: string) {
		const run = await runSteps(
			emu,
			[upscale({ targetResolution: '1080p', ...WAIT, ...parameters }, fail)],
			{ apiKey },
		);
		return run.json('Upscale Video')[0];
	}

	test('INVALID_URL: an http or private URL is refused before anything is sent', async () => {
		const before = (await logged(emu, CREATE)).length;
		const item = await failedWith({ sourceType: 'url', sourceUrl: 'http://10.0.0.5/clip.mp4' });
		expect(item.error).toMatch(/^INVALID_URL: /);
		expect(item.taskCreated).toBe('no');
		expect(await sentSince(before)).toEqual([]);
	});

	test('UNSUPPORTED_MEDIA_TYPE: a binary that is not a video is refused before any upload', async () => {
		const uploads = (await logged(emu, '/api/v1/assets/upload')).length;
		const run = await runWithFiles(
			emu,
			[upscale({ sourceType: 'binary', targetResolution: '1080p' })],
			[
				itemWithFiles([
					{
						property: 'data',
						bytes: makeImage('png', 640, 480),
						fileName: 'still.png',
						mimeType: 'image/png',
					},
				]),
			],
		);
		expect(run.error?.message).toMatch(
			/^UNSUPPORTED_MEDIA_TYPE: binary property "data" \(still.png, image\/png\) is not a video/,
		);
		expect((await logged(emu, '/api/v1/assets/upload')).slice(uploads)).toEqual([]);
	});

	test('URL_NOT_REACHABLE comes back as a failed task: its id and code are reported', async () => {
		const item = await failedWith({
			sourceType: 'url',
			sourceUrl: 'https://cdn.example.com/clip.mp4',
		});
		expect(item).toMatchObject({
			taskId: expect.any(String),
			status: 'failed',
			taskCreated: 'yes',
		});
		expect(item.error).toMatch(/URL_NOT_REACHABLE: /);
	});

	test('UNSUPPORTED_MEDIA_TYPE: the source is an image', async () => {
		const image = await activeAsset(emu, makeImage('png', 640, 480), 'still');
		expect((await failedWith({ sourceType: 'url', sourceUrl: image.url })).error).toMatch(
			/UNSUPPORTED_MEDIA_TYPE: /,
		);
	});

	test('SOURCE_RESOLUTION_TOO_HIGH: a 720p source to 720p', async () => {
		const hd = await activeAsset(
			emu,
			makeVideo('mp4', { width: 1280, height: 720, seconds: 2 }),
			'hd',
		);
		expect(
			(await failedWith({ sourceType: 'url', sourceUrl: hd.url, targetResolution: '720p' })).error,
		).toMatch(/SOURCE_RESOLUTION_TOO_HIGH: /);
	});

	test('DURATION_EXCEEDS_LIMIT: a source over 600 s', async () => {
		const long = await activeAsset(
			emu,
			makeVideo('mp4', { width: 320, height: 240, seconds: 601, fps: 1 }),
			'long',
		);
		expect((await failedWith({ sourceType: 'url', sourceUrl: long.url })).error).toMatch(
			/DURATION_EXCEEDS_LIMIT: /,
		);
	});

	test('INSUFFICIENT_CREDITS and ACCOUNT_FROZEN', async () => {
		await addAccount(emu, 'poor-key', { credits: 10 });
		await addAccount(emu, 'frozen-key', { frozen: true });
		expect(
			(await failedWith({ sourceType: 'url', sourceUrl: clip.url }, 'poor-key')).error,
		).toMatch(/INSUFFICIENT_CREDITS: /);
		expect(
			(await failedWith({ sourceType: 'url', sourceUrl: clip.url }, 'frozen-key')).error,
		).toMatch(/ACCOUNT_FROZEN: /);
	});

	test('a code answered as HTTP 400 at create (FILE_TOO_LARGE) is reported with the code, nothing created', async () => {
		await control(emu, '/faults', {
			path: CREATE,
			count: 1,
			status: 400,
			body: { code: 'FILE_TOO_LARGE', message: 'source over 200 MB' },
		});
		const item = await failedWith({ sourceType: 'url', sourceUrl: clip.url });
		expect(item.error).toMatch(/^FILE_TOO_LARGE: source over 200 MB/);
		expect(item.taskCreated).toBe('no');
	});
});

describe('Upscale Video: money', () => {
	test('the budget refuses an item whose estimate (5 s minimum) passes it, before anything is sent', async () => {
		const before = (await logged(emu, CREATE)).length;
		const run = await runSteps(emu, [
			upscale({
				sourceType: 'url',
				sourceUrl: clip.url,
				targetResolution: '1080p',
				batchOptions: { budget: 100 },
			}),
		]);
		expect(run.error?.message).toMatch(/^BUDGET_EXCEEDED: .*125 credits/);
		expect(await sentSince(before)).toEqual([]);
	});

	test('a 402 stops further submissions', async () => {
		await control(emu, '/faults', {
			path: CREATE,
			count: 1,
			status: 402,
			body: { message: 'insufficient credits' },
		});
		const before = (await logged(emu, CREATE)).length;
		const run = await runSteps(
			emu,
			[
				upscale(
					{
						sourceType: 'url',
						sourceUrl: clip.url,
						targetResolution: '1080p',
						batchOptions: { concurrency: 1 },
					},
					{ onError: 'continueRegularOutput' },
				),
			],
			{ items: [{}, {}, {}] },
		);
		const items = run.json('Upscale Video');
		expect(items[0].error).toMatch(/^Insufficient credits/);
		expect(items[1].error).toMatch(/^Not sent: an earlier item of this batch got HTTP 402/);
		expect(items[2].error).toMatch(/^Not sent/);
		expect(await sentSince(before)).toHaveLength(1);
	});
});
