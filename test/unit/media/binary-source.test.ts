/**
 * binarySource inside the real n8n-core engine: binary data in filesystem mode (a file streamed
 * from disk into n8n's store, as a Read File node hands over a large file) and in n8n's in-memory
 * mode (base64 in the item, no binary data id). Facts come back from a 24 MB MP4 whose moov is
 * last, reading front to back: one stream, never the whole file in memory.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { probeMedia } from '../../../nodes/shared/media';
import { makeVideo } from '../../emulator/media';
import { runWorkflow } from '../../harness';
import { BINARY_ITEMS_TYPE, binaryItems, itemWithFileOnDisk } from '../../helpers/binary-items';
import { chainWorkflow } from '../../helpers/workflow';
import { MB, cbrMp3 } from './files';
import { MEDIA_READ, MediaReadNode } from './media-read.node';

const video = makeVideo('mp4', {
	width: 1280,
	height: 720,
	seconds: 42,
	moovLast: true,
	mdatPadding: 24 * MB,
});
const dir = mkdtempSync(join(tmpdir(), 'media-read-'));
const path = join(dir, 'camera.mp4');
writeFileSync(path, video);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const onDisk = (file: string) =>
	itemWithFileOnDisk({
		property: 'data',
		path: file,
		fileName: 'camera.mp4',
		mimeType: 'video/mp4',
	});
const inMemory = (bytes: Buffer): IDataObject => ({
	files: [
		{
			property: 'data',
			base64: bytes.toString('base64'),
			fileName: 'camera.mp4',
			mimeType: 'video/mp4',
			inMemory: true,
		},
	],
});

interface ReadOutput {
	size: number;
	windows: string[];
	windowStreams: number;
	read: { info?: Record<string, unknown>; reason?: string };
	reads: Array<[number, number]>;
	streams: number;
}

async function readThroughN8n(
	item: IDataObject,
	windows: Array<[number, number]> = [],
): Promise<ReadOutput> {
	const workflow = chainWorkflow([
		{ name: 'Files', type: BINARY_ITEMS_TYPE, parameters: {} },
		{ name: 'Read', type: MEDIA_READ, parameters: { windows: JSON.stringify(windows) } },
	]);
	const run = await runWorkflow(workflow, {
		credentials: {},
		items: [item],
		extraNodeTypes: { [BINARY_ITEMS_TYPE]: binaryItems, [MEDIA_READ]: new MediaReadNode() },
	});
	expect(run.error).toBeUndefined();
	return run.json('Read')[0] as unknown as ReadOutput;
}

function expectForward(reads: Array<[number, number]>) {
	reads
		.slice(1)
		.forEach(([offset], index) =>
			expect(offset).toBeGreaterThanOrEqual(reads[index][0] + reads[index][1]),
		);
}

const expected = probeMedia(video);

describe.each([
	['filesystem mode', () => onDisk(path)],
	['in-memory mode', () => inMemory(video)],
])('binarySource in n8n binary data, %s', (mode, item) => {
	it(`a ${(video.length / MB).toFixed(0)} MB MP4 with its moov last gives its duration, read front to back`, async () => {
		const output = await readThroughN8n(item());
		expect(output.size).toBe(video.length);
		expect(output.read).toEqual({ info: expected });
		expect(output.read.info).toMatchObject({
			format: 'mp4',
			width: 1280,
			height: 720,
			seconds: 42,
		});
		expectForward(output.reads);
		const read = output.reads.reduce((sum, [, length]) => sum + length, 0);
		expect(read / video.length).toBeLessThan(0.02);
		// Filesystem mode: one stream, read forward once; in-memory mode opens none.
		expect(output.streams).toBe(mode === 'filesystem mode' ? 1 : 0);
	}, 60_000);

	it('windows anywhere in the file: exact bytes, fewer at the end, none past it', async () => {
		const size = video.length;
		const windows: Array<[number, number]> = [
			[0, 10],
			[5, 3],
			[70_000, 200_000],
			[size - 7, 10],
			[size, 10],
			[1, 1],
		];
		const output = await readThroughN8n(item(), windows);
		const bytesOf = ([offset, length]: [number, number]) =>
			video.subarray(offset, offset + length).toString('base64');
		expect(output.windows).toEqual(windows.map(bytesOf));
		expect(Buffer.from(output.windows[3], 'base64')).toHaveLength(7);
		// Filesystem mode: [5, 3] and [1, 1] lie behind the stream, so each opens a fresh one.
		expect(output.windowStreams).toBe(mode === 'filesystem mode' ? 3 : 0);
	}, 60_000);
});

it('binarySource: an MP3 too short for the head is read whole from the store', async () => {
	const mp3 = cbrMp3(30);
	const file = join(dir, 'short.mp3');
	writeFileSync(file, mp3);
	const output = await readThroughN8n(onDisk(file));
	expect(output.read).toEqual({ info: probeMedia(mp3) });
	expect(output.reads).toEqual([[0, mp3.length]]);
});
