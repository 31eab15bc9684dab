/**
 * Create Video with media from the input item's binary data: uploaded the right way for the model
 * (reviewed asset for the sd family, `?model=` upload for the alt family), reviewed, then sent.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RunningEmulator } from '../emulator';
import { makeAudio, makeImage, makeVideo, probeMedia } from '../emulator/media';
import { logged, startFast } from '../emulator/test-helpers';
import { itemWithFiles, runWithFiles } from '../helpers/binary-items';
import type { TestFile } from '../helpers/binary-items';
import { FAST_WAIT } from '../helpers/nodes';
import { packageNode } from '../helpers/workflow';

let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startFast();
});
afterAll(() => emu.close());

const CREATE_TASK = '/api/v1/jobs/createTask';
const UPLOAD = '/api/v1/assets/upload';

const image = (property: string, fileName = `${property}.png`): TestFile => ({
	property,
	bytes: makeImage('png', 1280, 720),
	fileName,
	mimeType: 'image/png',
});
const video = (property: string): TestFile => ({
	property,
	bytes: makeVideo('mp4', { width: 1280, height: 720, seconds: 5 }),
	fileName: `${property}.mp4`,
	mimeType: 'video/mp4',
});
const audio = (property: string): TestFile => ({
	property,
	bytes: makeAudio('mp3', { seconds: 5 }),
	fileName: `${property}.mp3`,
	mimeType: 'audio/mpeg',
});

const createVideo = (parameters: Record<string, unknown>, extra = {}) =>
	packageNode('Create Video', 'createVideo', parameters, extra);

async function run(
	parameters: Record<string, unknown>,
	files: TestFile[],
	extra = {},
	json: IDataObject = {},
) {
	const before = {
		creates: (await logged(emu, CREATE_TASK)).length,
		uploads: (await logged(emu, UPLOAD)).length,
	};
	const result = await runWithFiles(
		emu,
		[createVideo(parameters, extra)],
		[itemWithFiles(files, json)],
	);
	const sent = (await logged(emu, CREATE_TASK))
		.slice(before.creates)
		.map((entry) => entry.body as { model: string; inputs: Record<string, unknown> });
	const uploads = (await logged(emu, UPLOAD)).slice(before.uploads);
	return { result, sent, uploads };
}

const ASSET = /^asset:\/\/ast_/;
const ALT_URL = /^https:\/\/alt-assets\.emulator\.invalid\//;

describe.each([
	['sd2', ASSET, {}],
	['alt3.0-video', ALT_URL, { model: 'alt3.0-video' }],
])('Create Video on %s: media from binary data', (model, uploaded, query) => {
	const cases: Array<[string, Record<string, unknown>, TestFile[], Record<string, number>]> = [
		[
			'Image to Video (first frame)',
			{ generationMode: 'firstFrame', firstFrameBinary: 'photo' },
			[image('photo')],
			{ urls: 1 },
		],
		[
			'First and Last Frames',
			{
				generationMode: 'keyframes',
				prompt: 'day to night',
				firstFrameBinary: 'a',
				lastFrameBinary: 'b',
			},
			[image('a'), image('b')],
			{ urls: 2 },
		],
		[
			'Multi-Reference (images, videos, audio)',
			{
				generationMode: 'reference',
				prompt: 'Image1 with Video1 and Audio1',
				imageBinaries: 'i1, i2',
				videoBinaries: 'v1',
				audioBinaries: 'a1',
				referenceAspect: '1280x720',
				aspect: '16:9',
			},
			[image('i1'), image('i2'), video('v1'), audio('a1')],
			{ urls: 2, videoUrls: 1, audioUrls: 1 },
		],
		[
			'Edit Video',
			{ generationMode: 'edit', prompt: 'make Video1 snowy', videoBinaries: 'source' },
			[video('source')],
			{ videoUrls: 1 },
		],
		[
			'Extend Video',
			{ generationMode: 'extend', prompt: 'continue Video1', videoBinaries: 'source' },
			[video('source')],
			{ videoUrls: 1 },
		],
	];

	test.each(cases)(
		'%s: each file is uploaded for the model, and the request carries what the model takes',
		async (_mode, parameters, files, counts) => {
			const { result, sent, uploads } = await run({ model, duration: 5, ...parameters }, files);
			expect(result.error).toBeUndefined();
			expect(result.json('Create Video')[0]).toMatchObject({ taskId: expect.any(String), model });
			expect(uploads).toHaveLength(files.length);
			expect(uploads.every((entry) => JSON.stringify(entry.query) === JSON.stringify(query))).toBe(
				true,
			);
			// Up to three uploads run at once, so they may arrive in any order.
			const sizes = (list: number[]) => [...list].sort((a, b) => a - b);
			expect(
				sizes(
					uploads.map(
						(entry) => (entry.body as { files: Array<{ bytes: number }> }).files[0].bytes,
					),
				),
			).toEqual(sizes(files.map((file) => file.bytes.length)));
			expect(sent).toHaveLength(1);
			for (const [list, count] of Object.entries(counts)) {
				const entries = sent[0].inputs[list] as string[];
				expect(entries).toHaveLength(count);
				for (const entry of entries) expect(entry).toMatch(uploaded);
			}
		},
	);
});

describe('Create Video: binary media, failures', () => {
	test('a rejected review fails the item with failReason and nothing is generated', async () => {
		const { result, sent, uploads } = await run(
			{ model: 'sd2', generationMode: 'firstFrame', firstFrameBinary: 'photo' },
			[image('photo', 'holiday [reject].png')],
			{ onError: 'continueRegularOutput' },
		);
		expect(uploads).toHaveLength(1);
		expect(sent).toEqual([]);
		const [item] = result.json('Create Video');
		expect(item.error).toMatch(
			/^Binary property "photo" \(asset \d+\): The review of asset \d+ failed: Rejected by review/,
		);
		expect(item.taskCreated).toBe('no');
	});

	test('without Continue On Error a rejected review stops the node: no task was created', async () => {
		const { result, sent } = await run(
			{ model: 'sd2', generationMode: 'firstFrame', firstFrameBinary: 'photo' },
			[image('photo', 'x [reject].png')],
		);
		expect(result.status).toBe('error');
		expect(result.error?.message).toContain('Rejected by review');
		expect(sent).toEqual([]);
	});

	test('a file over the cap is FILE_TOO_LARGE before any upload', async () => {
		const big: TestFile = {
			property: 'clip',
			bytes: Buffer.alloc(51 * 1024 * 1024, 1),
			fileName: 'big.mp4',
			mimeType: 'video/mp4',
		};
		const { result, sent, uploads } = await run(
			{ model: 'sd2', generationMode: 'edit', prompt: 'snow', videoBinaries: 'clip' },
			[big],
		);
		expect(result.error?.message).toMatch(/^FILE_TOO_LARGE: binary property "clip"/);
		expect(uploads).toEqual([]);
		expect(sent).toEqual([]);
	});

	test('an invalid item is refused before any upload (the rules count the binary media)', async () => {
		const { result, uploads } = await run(
			{
				model: 'sd2',
				generationMode: 'reference',
				prompt: 'x',
				imageBinaries: 'a',
				audioBinaries: 'b',
				referenceAspect: '1280x720',
				duration: 40,
			},
			[image('a'), audio('b')],
		);
		expect(result.error?.message).toMatch(/^DURATION_OUT_OF_RANGE: /);
		expect(uploads).toEqual([]);
	});

	test('a frame given as URL and as binary field is INVALID_MEDIA_COMBINATION', async () => {
		const { result, uploads } = await run(
			{
				model: 'sd2',
				generationMode: 'firstFrame',
				firstFrameUrl: 'https://example.com/a.png',
				firstFrameBinary: 'photo',
			},
			[image('photo')],
		);
		expect(result.error?.message).toMatch(
			/^INVALID_MEDIA_COMBINATION: the first frame is given twice/,
		);
		expect(uploads).toEqual([]);
	});
});

describe('Create Video: photo in binary data to video, downloaded', () => {
	test('alt3.0-video image-to-video waits and downloads the MP4', async () => {
		const { result } = await run(
			{
				model: 'alt3.0-video',
				generationMode: 'firstFrame',
				firstFrameBinary: 'data',
				duration: 3,
				waitForCompletion: 'wait',
				download: true,
				...FAST_WAIT,
			},
			[image('data')],
		);
		expect(result.error).toBeUndefined();
		expect(result.json('Create Video')[0]).toMatchObject({ status: 'COMPLETED', creditsUsed: 96 });
		const file = await result.binary('Create Video');
		expect(probeMedia(file.data)).toMatchObject({ kind: 'video', format: 'mp4', seconds: 3 });
	});
});
