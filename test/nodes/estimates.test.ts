/**
 * Every credit known before it is spent: items are priced from the real lengths of their media
 * (binary data, the service's asset records, file headers read with range requests), the media's
 * facts are judged against the model's limits before anything is uploaded or created, and under a
 * Budget an item whose price cannot be known is refused.
 */
import type { RunningEmulator } from '../emulator';
import { makeImage, makeVideo } from '../emulator/media';
import { activeAsset, control, logged, startFast } from '../emulator/test-helpers';
import { itemWithFiles, runWithFiles } from '../helpers/binary-items';
import type { TestFile } from '../helpers/binary-items';
import { FAST_WAIT, runSteps } from '../helpers/nodes';
import { packageNode } from '../helpers/workflow';
import { scriptedServer } from '../transport/scripted-server';

let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startFast();
});
afterAll(() => emu.close());

const CREATE_TASK = '/api/v1/jobs/createTask';
const UPSCALE = '/api/v1/upscale/create';
const UPLOAD = '/api/v1/assets/upload';
const LIST = '/api/v1/assets/list';

const createVideo = (parameters: Record<string, unknown>) =>
	packageNode('Create Video', 'createVideo', parameters);
const upscale = (parameters: Record<string, unknown>) =>
	packageNode('Upscale Video', 'upscale', parameters);
/** 854x480: the smallest input sd2.5 takes (480p-4K). */
const clip = (seconds: number, extra = {}) =>
	makeVideo('mp4', { width: 854, height: 480, seconds, fps: 1, ...extra });
const videoFile = (property: string, bytes: Buffer): TestFile => ({
	property,
	bytes,
	fileName: `${property}.mp4`,
	mimeType: 'video/mp4',
});

/** How many requests to `path` the emulator received while `work` ran. */
async function counted<T>(
	paths: string[],
	work: () => Promise<T>,
): Promise<{ result: T; sent: number[] }> {
	const before = await Promise.all(paths.map(async (path) => (await logged(emu, path)).length));
	const result = await work();
	const after = await Promise.all(paths.map(async (path) => (await logged(emu, path)).length));
	return { result, sent: after.map((count, index) => count - before[index]) };
}

const reference = (videoUrls: string, extra: Record<string, unknown> = {}) =>
	createVideo({
		model: 'sd2.5',
		generationMode: 'reference',
		prompt: 'Video1, at night',
		videoUrls,
		referenceAspect: '1280x720',
		duration: 5,
		...extra,
	});

describe('a 30 s input clip (sd2.5 720P, 5 s output)', () => {
	let asset: string;
	beforeAll(async () => {
		asset = `asset://${(await activeAsset(emu, clip(30), 'thirty')).providerAssetId}`;
	});

	test('is priced from its asset record, 45 x (5 + 30) = 1575, and billed the same', async () => {
		const run = await runSteps(emu, [
			reference(asset, { waitForCompletion: 'wait', ...FAST_WAIT }),
		]);
		expect(run.error).toBeUndefined();
		expect(run.json('Create Video')[0]).toMatchObject({
			estimatedCredits: 1575,
			creditsUsed: 1575,
			status: 'COMPLETED',
		});
	});

	test('is refused by a smaller Budget before anything is sent', async () => {
		const { result: run, sent } = await counted(
			[CREATE_TASK],
			async () => await runSteps(emu, [reference(asset, { batchOptions: { budget: 1500 } })]),
		);
		expect(run.error?.message).toMatch(
			/^BUDGET_EXCEEDED: item not sent, it is estimated at 1575 credits/,
		);
		expect(sent).toEqual([0]);
	});

	test('the asset list is read once for many items of one execution', async () => {
		const items = Array.from({ length: 6 }, () => ({}));
		const { result: run, sent } = await counted(
			[LIST, CREATE_TASK],
			async () => await runSteps(emu, [reference(asset)], { items }),
		);
		expect(run.error).toBeUndefined();
		expect(run.json('Create Video').map((item) => item.estimatedCredits)).toEqual(
			Array(6).fill(1575),
		);
		expect(sent).toEqual([1, 6]);
	});

	test('an asset uploaded later in the same execution is found: the list is read again from the top', async () => {
		const first = { ...reference(asset), name: 'First Create' };
		const upload = {
			...packageNode('Upload Asset', 'uploadAsset', {
				operation: 'upload',
				waitForReview: true,
				waitOptions: { pollIntervalSeconds: 0.2 },
			}),
			from: ['Files', 0] as [string, number],
		};
		const second = {
			...reference('={{ $json.assetUri }}'),
			name: 'Second Create',
			from: ['Upload Asset', 0] as [string, number],
		};
		const run = await runWithFiles(
			emu,
			[first, upload, second],
			[itemWithFiles([videoFile('data', clip(7))])],
		);
		expect(run.error).toBeUndefined();
		expect(run.json('First Create')[0]).toMatchObject({ estimatedCredits: 1575 });
		// 45 x (5 + 7)
		expect(run.json('Second Create')[0]).toMatchObject({ estimatedCredits: 540 });
	});

	test("a clip over the model's limit is refused locally with the spec's code (sd2: each clip at most 15 s)", async () => {
		const sixteen = `asset://${(await activeAsset(emu, clip(16), 'sixteen')).providerAssetId}`;
		const { result: run, sent } = await counted(
			[CREATE_TASK],
			async () => await runSteps(emu, [reference(sixteen, { model: 'sd2' })]),
		);
		expect(run.error?.message).toMatch(
			/^REFERENCE_VIDEO_DURATION_INVALID: inputs\.videoUrls\[0\] is 16 s long/,
		);
		expect(sent).toEqual([0]);
	});
});

describe('media from binary data, judged before any upload', () => {
	const alt = (parameters: Record<string, unknown>) =>
		createVideo({ model: 'alt3.0-video', duration: 5, ...parameters });
	const run = async (node: ReturnType<typeof createVideo>, files: TestFile[]) =>
		await counted(
			[UPLOAD, CREATE_TASK],
			async () => await runWithFiles(emu, [node], [itemWithFiles(files)]),
		);

	test('an alt clip of 16 s is REFERENCE_VIDEO_DURATION_INVALID: nothing uploaded', async () => {
		const { result, sent } = await run(
			alt({ generationMode: 'reference', prompt: 'Video1', videoBinaries: 'v' }),
			[videoFile('v', clip(16))],
		);
		expect(result.error?.message).toMatch(/^REFERENCE_VIDEO_DURATION_INVALID: /);
		expect(sent).toEqual([0, 0]);
	});

	test('an alt clip of 8 s is priced exactly, (5 + 8) x 32 = 416, and billed the same', async () => {
		const node = alt({
			generationMode: 'reference',
			prompt: 'Video1',
			videoBinaries: 'v',
			waitForCompletion: 'wait',
			...FAST_WAIT,
		});
		const { result, sent } = await run(node, [videoFile('v', clip(8))]);
		expect(result.error).toBeUndefined();
		expect(result.json('Create Video')[0]).toMatchObject({
			estimatedCredits: 416,
			creditsUsed: 416,
		});
		expect(sent).toEqual([1, 1]);
	});

	test('a transparent PNG is REFERENCE_IMAGE_INVALID on the alt family (no transparency): nothing uploaded', async () => {
		const png: TestFile = {
			property: 'p',
			bytes: makeImage('png', 800, 600, { alpha: true }),
			fileName: 'p.png',
			mimeType: 'image/png',
		};
		const { result, sent } = await run(
			alt({ generationMode: 'firstFrame', firstFrameBinary: 'p' }),
			[png],
		);
		expect(result.error?.message).toMatch(
			/^REFERENCE_IMAGE_INVALID: inputs\.urls\[0\] has transparency/,
		);
		expect(sent).toEqual([0, 0]);
	});

	test.each([
		[
			'EMPTY_FILE',
			{ property: 'p', bytes: Buffer.alloc(0), fileName: 'p.png', mimeType: 'image/png' },
		],
		[
			'FILE_TYPE_MISMATCH',
			{
				property: 'p',
				bytes: Buffer.from('These are my notes, not a photo.\n'),
				fileName: 'p.png',
				mimeType: 'image/png',
			},
		],
		[
			'FILE_TYPE_MISMATCH',
			{ property: 'p', bytes: clip(2), fileName: 'p.png', mimeType: 'image/png' },
		],
	])('%s: the file is refused with its field, nothing uploaded', async (code, file) => {
		const { result, sent } = await run(
			createVideo({ model: 'sd2', generationMode: 'firstFrame', firstFrameBinary: 'p' }),
			[file as TestFile],
		);
		expect(result.error?.message).toMatch(new RegExp(`^${code}: binary property "p"`));
		expect(sent).toEqual([0, 0]);
	});
});

describe('Upscale Video: billed per second of its source', () => {
	const long = clip(600, { moovLast: true });

	test('a 600 s source in binary data is priced 600 x 50 = 30000 for 4K, and a Budget of 1000 refuses it before the upload', async () => {
		const node = upscale({
			sourceType: 'binary',
			binaryPropertyName: 'data',
			targetResolution: '4k',
			batchOptions: { budget: 1000 },
		});
		const { result, sent } = await counted(
			[UPLOAD, UPSCALE],
			async () => await runWithFiles(emu, [node], [itemWithFiles([videoFile('data', long)])]),
		);
		expect(result.error?.message).toMatch(
			/^BUDGET_EXCEEDED: item not sent, it is estimated at 30000 credits/,
		);
		expect(sent).toEqual([0, 0]);
	});

	test('a source URL on the service is read with range requests: priced and billed the same', async () => {
		const asset = await activeAsset(emu, clip(12), 'twelve');
		const url = `${emu.url}/files/${new URL(asset.url as string).pathname.split('/').pop()}`;
		const run = await runSteps(emu, [
			upscale({
				sourceType: 'url',
				sourceUrl: url,
				targetResolution: '1080p',
				waitForCompletion: 'wait',
				...FAST_WAIT,
			}),
		]);
		expect(run.error).toBeUndefined();
		expect(run.json('Upscale Video')[0]).toMatchObject({
			estimatedCredits: 12 * 25,
			creditsConsumed: 12 * 25,
		});
	});

	describe('a host that does not answer range requests', () => {
		let url: string;
		beforeAll(async () => {
			const asset = await activeAsset(emu, clip(12), 'no-ranges');
			url = `${emu.url}/files/${new URL(asset.url as string).pathname.split('/').pop()}`;
		});
		const noRanges = async () =>
			await control(emu, '/faults', {
				path: '/files/*',
				count: 10,
				status: 200,
				body: { not: 'a range' },
			});
		afterEach(async () => await control(emu, '/faults', undefined).catch(() => undefined));

		test('is refused under a Budget with the reason', async () => {
			await noRanges();
			const node = upscale({
				sourceType: 'url',
				sourceUrl: url,
				targetResolution: '1080p',
				batchOptions: { budget: 100000 },
			});
			const { result: run, sent } = await counted(
				[UPSCALE],
				async () => await runSteps(emu, [node]),
			);
			expect(run.error?.message).toMatch(
				/^BUDGET_EXCEEDED: item not sent, its price cannot be known before sending: the length of the source video is not known \(.*HTTP 200 instead of a part of the file/,
			);
			expect(sent).toEqual([0]);
		});

		test('is sent without a Budget, with estimatedCredits null and the reason', async () => {
			await noRanges();
			const run = await runSteps(emu, [
				upscale({ sourceType: 'url', sourceUrl: url, targetResolution: '1080p' }),
			]);
			expect(run.error).toBeUndefined();
			expect(run.json('Upscale Video')[0]).toMatchObject({
				taskId: expect.any(String),
				estimatedCredits: null,
				estimateReason: expect.stringMatching(/range requests/),
			});
		});
	});

	test("a private host that is not the credential's origin is never asked for a header", async () => {
		const server = await scriptedServer([{ status: 206, body: 'x' }]);
		try {
			const node = createVideo({
				model: 'alt3.0-video',
				generationMode: 'reference',
				prompt: 'Video1',
				videoUrls: `https://127.0.0.1:${new URL(server.url).port}/clip.mp4`,
				duration: 5,
			});
			const run = await runSteps(emu, [node], {});
			// The service refuses the URL (not its own upload); the node asked it nothing.
			expect(server.seen).toEqual([]);
			expect(run.error).toBeDefined();
		} finally {
			await server.close();
		}
	});
});
