/**
 * Upload Asset on the real n8n-core engine against the emulator: uploads from binary data (streamed
 * multipart) and from a URL, alt-family uploads, reviews, status and list paging.
 */
import type { RunningEmulator } from '../emulator';
import { makeAudio, makeImage, makeVideo } from '../emulator/media';
import {
	addAccount,
	call,
	control,
	download,
	logged,
	startFast,
	upload,
} from '../emulator/test-helpers';
import { runWorkflow } from '../harness';
import { itemWithFiles, runWithFiles } from '../helpers/binary-items';
import type { TestFile } from '../helpers/binary-items';
import { emulatorCredentials, runSteps } from '../helpers/nodes';
import { chainWorkflow, packageNode } from '../helpers/workflow';

let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startFast();
});
afterAll(() => emu.close());

const UPLOAD = '/api/v1/assets/upload';
const FAST_REVIEW = {
	waitOptions: { pollIntervalSeconds: 0.2, maxPollIntervalSeconds: 0.25, timeoutMinutes: 1 },
};

const uploadAsset = (parameters: Record<string, unknown>, extra = {}) =>
	packageNode('Upload Asset', 'uploadAsset', parameters, extra);

const png: TestFile = {
	property: 'data',
	bytes: makeImage('png', 640, 480),
	fileName: 'photo.png',
	mimeType: 'image/png',
};
const mp4: TestFile = {
	property: 'data',
	bytes: makeVideo('mp4', { width: 640, height: 360, seconds: 2 }),
	fileName: 'clip.mp4',
	mimeType: 'video/mp4',
};
const mp3: TestFile = {
	property: 'data',
	bytes: makeAudio('mp3', { seconds: 2 }),
	fileName: 'voice.mp3',
	mimeType: 'audio/mpeg',
};

async function uploadsSince(before: number) {
	return (await logged(emu, UPLOAD)).slice(before);
}

describe('Upload Asset: Upload from binary data', () => {
	test('a node on Public URL whose URL comes out empty for an item with a file says where the file goes, and sends nothing', async () => {
		const before = (await logged(emu, UPLOAD)).length;
		const run = await runWithFiles(
			emu,
			[
				uploadAsset(
					{ operation: 'upload', source: 'url', url: '={{ $json.url }}' },
					{ typeVersion: 2 },
				),
			],
			[itemWithFiles([png])],
		);
		expect(run.status).toBe('error');
		expect(run.error?.message).toBe(
			'INVALID_URL: the URL is empty, and this item carries a file (binary field "data"): to upload it, set Source to Binary Data',
		);
		expect(await uploadsSince(before)).toEqual([]);
	});

	describe("a new node (version 2) starts on Automatic: the item's file when it carries one, else the URL", () => {
		const v2 = (parameters: Record<string, unknown> = {}) =>
			uploadAsset({ url: '={{ $json.url }}', ...FAST_REVIEW, ...parameters }, { typeVersion: 2 });

		test('an item with a file uploads the file; an item without one, its URL', async () => {
			const before = (await logged(emu, UPLOAD)).length;
			const run = await runWithFiles(
				emu,
				[v2()],
				[itemWithFiles([png]), { url: 'https://example.com/cat.png' }],
			);
			expect(run.status).toBe('success');
			const sent = await uploadsSince(before);
			// uploads go side by side: either may arrive first
			expect(sent.map((request) => request.body)).toEqual(
				expect.arrayContaining([
					{
						fields: {},
						files: [{ field: 'file', filename: 'photo.png', bytes: png.bytes.length }],
					},
					{ url: 'https://example.com/cat.png', type: 'IMAGE' },
				]),
			);
			expect(sent).toHaveLength(2);
			expect(run.json('Upload Asset').map((asset) => asset.assetUri)).toEqual([
				expect.stringMatching(/^asset:\/\//),
				expect.stringMatching(/^asset:\/\//),
			]);
		});

		test('an item with neither is told what to give it, and nothing is sent', async () => {
			const before = (await logged(emu, UPLOAD)).length;
			const none = await runWithFiles(emu, [v2()], [{}]);
			expect(none.error?.message).toBe(
				'INVALID_URL: this item has no file in binary field "data" and the URL is empty: give the item a file (for example from an HTTP Request or Read Files node), or enter a URL',
			);
			const elsewhere = await runWithFiles(
				emu,
				[v2()],
				[itemWithFiles([{ ...png, property: 'file' }])],
			);
			expect(elsewhere.error?.message).toBe(
				'INVALID_URL: this item has no file in binary field "data" (its file is in "file") and the URL is empty: set Input Binary Field to "file", or enter a URL',
			);
			expect(await uploadsSince(before)).toEqual([]);
		});
	});

	test.each([
		['an image', png, 'IMAGE'],
		['a video', mp4, 'VIDEO'],
		['an audio file', mp3, 'AUDIO'],
	])(
		'%s is sent as a multipart file, byte for byte, and answers its assetUri',
		async (_what, file, type) => {
			const before = (await logged(emu, UPLOAD)).length;
			const run = await runWithFiles(
				emu,
				[uploadAsset({ operation: 'upload', name: `my ${type}` })],
				[itemWithFiles([file])],
			);
			expect(run.status).toBe('success');
			const [asset] = run.json('Upload Asset');
			expect(asset).toMatchObject({
				type,
				status: 'PROCESSING',
				name: `my ${type}`,
				assetUri: `asset://${String(asset.providerAssetId)}`,
			});
			const [sent] = await uploadsSince(before);
			expect(sent.body).toEqual({
				fields: { name: `my ${type}` },
				files: [{ field: 'file', filename: file.fileName, bytes: file.bytes.length }],
			});
			const stored = await download(String(asset.url));
			expect(stored.bytes.equals(file.bytes)).toBe(true);
		},
	);

	test("a file held in memory (n8n's in-memory binary mode, no binary data id) is sent byte for byte too", async () => {
		const before = (await logged(emu, UPLOAD)).length;
		const item = itemWithFiles([png]);
		(item.files as Array<Record<string, unknown>>)[0].inMemory = true;
		const run = await runWithFiles(emu, [uploadAsset({ operation: 'upload' })], [item]);
		const [asset] = run.json('Upload Asset');
		const [sent] = await uploadsSince(before);
		expect(sent.body.files).toEqual([
			{ field: 'file', filename: 'photo.png', bytes: png.bytes.length },
		]);
		expect((await download(String(asset.url))).bytes.equals(png.bytes)).toBe(true);
	});

	test('For Model alt3.0-video: the alt upload answers ACTIVE with the https url alt inputs take', async () => {
		const before = (await logged(emu, UPLOAD)).length;
		const run = await runWithFiles(
			emu,
			[uploadAsset({ operation: 'upload', forModel: 'alt3.0-video' })],
			[itemWithFiles([png])],
		);
		const [asset] = run.json('Upload Asset');
		expect(asset).toMatchObject({ status: 'ACTIVE', type: 'IMAGE', assetUri: null });
		expect(String(asset.url)).toMatch(/^https:\/\//);
		const [sent] = await uploadsSince(before);
		expect(sent.query).toEqual({ model: 'alt3.0-video' });
	});

	test('a file over its type cap is FILE_TOO_LARGE and nothing is sent', async () => {
		const big: TestFile = {
			...png,
			bytes: Buffer.alloc(31 * 1024 * 1024, 1),
			fileName: 'huge.png',
		};
		const before = (await logged(emu, UPLOAD)).length;
		const run = await runWithFiles(
			emu,
			[uploadAsset({ operation: 'upload' })],
			[itemWithFiles([big])],
		);
		expect(run.status).toBe('error');
		expect(run.error?.message).toMatch(/^FILE_TOO_LARGE: .*image files may be at most 30 MB/);
		expect(await uploadsSince(before)).toEqual([]);
	});

	test('a type the service does not take is UNSUPPORTED_FILE_TYPE, and a refused item stops the batch before any upload', async () => {
		const pdf: TestFile = {
			property: 'data',
			bytes: Buffer.from('%PDF-1.4'),
			fileName: 'doc.pdf',
			mimeType: 'application/pdf',
		};
		const before = (await logged(emu, UPLOAD)).length;
		const run = await runWithFiles(
			emu,
			[uploadAsset({ operation: 'upload' })],
			[itemWithFiles([png]), itemWithFiles([pdf])],
		);
		expect(run.error?.message).toMatch(/^UNSUPPORTED_FILE_TYPE: /);
		expect(await uploadsSince(before)).toEqual([]);
	});

	test('a name over 64 characters is NAME_TOO_LONG (continue on fail: an error item, the good item uploads)', async () => {
		const run = await runWithFiles(
			emu,
			[
				uploadAsset(
					{ operation: 'upload', name: '={{ $json.name }}' },
					{ onError: 'continueRegularOutput' },
				),
			],
			[itemWithFiles([png], { name: 'ok' }), itemWithFiles([png], { name: 'x'.repeat(65) })],
		);
		const items = run.output('Upload Asset');
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(items[0].json).toMatchObject({ name: 'ok', status: 'PROCESSING' });
		expect(items[1].json.error).toMatch(/^NAME_TOO_LONG: /);
	});
});

describe('Upload Asset: Upload from a URL', () => {
	test('sends the JSON method with url, type and name', async () => {
		const before = (await logged(emu, UPLOAD)).length;
		const url = 'https://cdn.example.com/photos/cat.png';
		const run = await runSteps(emu, [
			uploadAsset({ operation: 'upload', source: 'url', url, type: 'IMAGE', name: 'cat' }),
		]);
		expect(run.json('Upload Asset')[0]).toMatchObject({
			type: 'IMAGE',
			status: 'PROCESSING',
			url,
			assetUri: expect.stringMatching(/^asset:\/\//),
		});
		const [sent] = await uploadsSince(before);
		expect(sent.body).toEqual({ url, type: 'IMAGE', name: 'cat' });
	});

	test('an http URL is INVALID_URL before anything is sent', async () => {
		const before = (await logged(emu, UPLOAD)).length;
		const run = await runSteps(emu, [
			uploadAsset({
				operation: 'upload',
				source: 'url',
				url: 'http://example.com/a.png',
				type: 'IMAGE',
			}),
		]);
		expect(run.error?.message).toMatch(/^INVALID_URL: /);
		expect(await uploadsSince(before)).toEqual([]);
	});
});

describe('Upload Asset: reviews', () => {
	test('Upload with Wait for Review: ACTIVE to the first output, a rejected one ([reject]) to the second with failReason', async () => {
		const run = await runWithFiles(
			emu,
			[
				uploadAsset({
					operation: 'upload',
					name: '={{ $json.name }}',
					waitForReview: true,
					...FAST_REVIEW,
				}),
			],
			[itemWithFiles([png], { name: 'fine' }), itemWithFiles([png], { name: 'bad [reject]' })],
		);
		expect(run.status).toBe('success');
		const [active] = run.output('Upload Asset', 0);
		const [failed] = run.output('Upload Asset', 1);
		expect(active.pairedItem).toEqual({ item: 0 });
		expect(active.json).toMatchObject({
			status: 'ACTIVE',
			name: 'fine',
			outcome: 'succeeded',
			assetUri: expect.stringMatching(/^asset:\/\//),
		});
		expect(failed.pairedItem).toEqual({ item: 1 });
		expect(failed.json).toMatchObject({
			status: 'FAILED',
			outcome: 'failed',
			failReason: expect.stringContaining('[reject]'),
		});
		expect(failed.json.error).toContain('failed');
	});

	test('Wait for Review waits on the assets of all items at once', async () => {
		const good = (await upload(emu, png.bytes, 'a.png', { name: 'good' })).body;
		const bad = (await upload(emu, png.bytes, 'b.png', { name: 'bad [reject]' })).body;
		const run = await runSteps(emu, [uploadAsset({ operation: 'waitForReview', ...FAST_REVIEW })], {
			items: [{ assetId: good.assetId, note: 'kept' }, { assetId: bad.providerAssetId }],
		});
		expect(run.json('Upload Asset', 0)).toEqual([
			expect.objectContaining({ assetId: good.assetId, status: 'ACTIVE', note: 'kept' }),
		]);
		expect(run.json('Upload Asset', 1)).toEqual([
			expect.objectContaining({
				assetId: bad.assetId,
				status: 'FAILED',
				failReason: expect.any(String),
			}),
		]);
	});

	test('Wait for Review passes an item a Create node skipped to Not Active (outcome skipped), as the task waits do', async () => {
		const good = (await upload(emu, png.bytes, 'skip.png', { name: 'good' })).body;
		const skippedRow = { skipped: true, skipReason: 'created in an earlier run', prompt: 'row 1' };
		const run = await runSteps(emu, [uploadAsset({ operation: 'waitForReview', ...FAST_REVIEW })], {
			items: [skippedRow, { assetId: good.assetId }],
		});
		expect(run.status).toBe('success');
		const [done] = run.output('Upload Asset', 0);
		const [skipped] = run.output('Upload Asset', 1);
		expect(done.pairedItem).toEqual({ item: 1 });
		expect(done.json).toMatchObject({ assetId: good.assetId, status: 'ACTIVE' });
		expect(skipped.pairedItem).toEqual({ item: 0 });
		expect(skipped.json).toEqual({ ...skippedRow, outcome: 'skipped' });
	});

	test('Stop ends a review wait at once: no check of the asset after the stop', async () => {
		await control(emu, '/settings', { reviewDurationMs: 60_000 });
		const slow = (await upload(emu, png.bytes, 'slow.png', { name: 'slow' })).body;
		await control(emu, '/settings', { reviewDurationMs: 100 });
		const run = await runWorkflow(chainWorkflow([uploadAsset({ operation: 'waitForReview' })]), {
			credentials: emulatorCredentials(emu),
			items: [{ assetId: slow.assetId }],
			cancelAfterMs: 500,
		});
		expect(run.status).toBe('canceled');
		const checks = (await logged(emu, '/api/v1/assets/status')).filter(
			(entry) => entry.query.assetId === String(slow.assetId),
		);
		expect(checks).toHaveLength(1);
	});

	test('Get Status reads by assetId and by providerAssetId', async () => {
		const asset = (await upload(emu, png.bytes, 'c.png', { name: 'status' })).body;
		const run = await runSteps(emu, [uploadAsset({ operation: 'getStatus' })], {
			items: [{ assetId: asset.assetId }, { assetId: asset.providerAssetId }],
		});
		const [byNumber, byProvider] = run.json('Upload Asset');
		expect(byNumber).toMatchObject({
			assetId: asset.assetId,
			assetUri: `asset://${asset.providerAssetId}`,
		});
		expect(byProvider).toMatchObject({ assetId: asset.assetId, name: 'status' });
	});
});

describe('Upload Asset: List', () => {
	const KEY = 'list-paging-key';
	beforeAll(async () => {
		await addAccount(emu, KEY);
		for (let index = 0; index < 53; index++)
			await upload(emu, png.bytes, `p${index}.png`, { name: `p${index}` }, KEY);
		await upload(emu, mp3.bytes, 'v.mp3', { name: 'voice' }, KEY);
	});

	test('Return All follows nextCursor across pages', async () => {
		const before = (await logged(emu, '/api/v1/assets/list')).length;
		const run = await runSteps(
			emu,
			[uploadAsset({ operation: 'list', type: 'IMAGE', returnAll: true })],
			{ apiKey: KEY },
		);
		const [result] = run.json('Upload Asset');
		expect(result.items).toHaveLength(53);
		expect(result.nextCursor).toBeNull();
		const requests = (await logged(emu, '/api/v1/assets/list')).slice(before);
		expect(requests.map((entry) => entry.query.limit)).toEqual(['50', '50']);
		expect(requests[1].query.cursor).toEqual(expect.any(String));
		expect((result.items as Array<{ assetUri: string }>)[0].assetUri).toMatch(/^asset:\/\//);
	});

	test('Limit stops early and keeps the cursor', async () => {
		const run = await runSteps(
			emu,
			[uploadAsset({ operation: 'list', returnAll: false, limit: 7 })],
			{ apiKey: KEY },
		);
		const [result] = run.json('Upload Asset');
		expect(result.items).toHaveLength(7);
		expect(result.nextCursor).not.toBeNull();
	});

	test("Cursor starts from an earlier page's nextCursor: the next page, not the first one again", async () => {
		const first = (
			await runSteps(
				emu,
				[uploadAsset({ operation: 'list', type: 'IMAGE', returnAll: false, limit: 50 })],
				{ apiKey: KEY },
			)
		).json('Upload Asset')[0];
		const cursor = first.nextCursor;
		expect(cursor).not.toBeNull();
		const before = (await logged(emu, '/api/v1/assets/list')).length;
		const run = await runSteps(
			emu,
			[
				uploadAsset({
					operation: 'list',
					type: 'IMAGE',
					returnAll: true,
					cursor: '={{ $json.cursor }}',
				}),
			],
			{ apiKey: KEY, items: [{ cursor }] },
		);
		const [rest] = run.json('Upload Asset');
		expect(rest.items).toHaveLength(3);
		const seen = new Set(
			(first.items as Array<{ assetId: unknown }>).map((asset) => asset.assetId),
		);
		expect(
			(rest.items as Array<{ assetId: unknown }>).filter((asset) => seen.has(asset.assetId)),
		).toEqual([]);
		expect((await logged(emu, '/api/v1/assets/list')).slice(before)[0].query.cursor).toBe(
			String(cursor),
		);
	});

	test('the type filter reaches the service', async () => {
		const run = await runSteps(
			emu,
			[uploadAsset({ operation: 'list', type: 'AUDIO', returnAll: true })],
			{ apiKey: KEY },
		);
		expect(run.json('Upload Asset')[0].items).toEqual([
			expect.objectContaining({ type: 'AUDIO', name: 'voice' }),
		]);
		const status = await call(`${emu.unifiedBaseUrl}/assets/list?type=AUDIO`, { key: KEY });
		expect(status.body.items).toHaveLength(1);
	});
});
