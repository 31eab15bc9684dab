/**
 * Measurement, not a timed assertion: how much a 50 MB upload from binary data grows the n8n
 * process. The emulator runs in its own process (its copy of the upload must not count); n8n's
 * binary data is in filesystem mode, as in the harness. Prints the peak RSS growth during the run.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { RunningEmulator } from '../emulator';
import { makeVideo } from '../emulator/media';
import { logged } from '../emulator/test-helpers';
import { itemWithFileOnDisk, runWithFiles } from '../helpers/binary-items';
import { packageNode } from '../helpers/workflow';

const SIZE = 50 * 1024 * 1024 - 4096;
let child: ChildProcess;
let emu: RunningEmulator;
const dir = mkdtempSync(join(tmpdir(), 'upload-memory-'));
const file = join(dir, 'big.mp4');

beforeAll(async () => {
	// A real MP4 padded with a `free` box to just under the spec's 50 MB video cap, written in chunks.
	const video = makeVideo('mp4', { width: 640, height: 360, seconds: 2 });
	const padding = SIZE - video.length;
	const fd = openSync(file, 'w');
	writeSync(fd, video);
	const header = Buffer.alloc(8);
	header.writeUInt32BE(padding, 0);
	header.write('free', 4, 'latin1');
	writeSync(fd, header);
	const chunk = Buffer.alloc(1024 * 1024);
	for (let left = padding - 8; left > 0; left -= chunk.length)
		writeSync(fd, chunk, 0, Math.min(left, chunk.length));
	closeSync(fd);
	child = spawn(
		process.execPath,
		[require.resolve('tsx/cli'), 'test/emulator/cli.ts', '--port', '0'],
		{ stdio: ['ignore', 'pipe', 'inherit'] },
	);
	const url = await new Promise<string>((resolve, reject) => {
		child.stdout!.on('data', (data: Buffer) => {
			const match = /listening on (http:\/\/\S+)/.exec(data.toString());
			if (match) resolve(match[1]);
		});
		child.once('exit', (code) => reject(new Error(`emulator exited with ${code}`)));
	});
	emu = { url, unifiedBaseUrl: `${url}/api/v1`, compatBaseUrl: url } as RunningEmulator;
}, 60_000);

afterAll(() => {
	child?.kill();
	rmSync(dir, { recursive: true, force: true });
});

/** Peak RSS growth (MB) while `work` runs, sampled every 10 ms. */
async function peakGrowth(work: () => Promise<unknown>): Promise<number> {
	const before = process.memoryUsage().rss;
	let peak = before;
	const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
	await work();
	clearInterval(sampler);
	return (peak - before) / 1024 / 1024;
}

const readIntoBinary = () =>
	runWithFiles(
		emu,
		[],
		[
			itemWithFileOnDisk({
				property: 'data',
				path: file,
				fileName: 'big.mp4',
				mimeType: 'video/mp4',
			}),
		],
	);
let baseline = 0;

test('baseline: the file read into binary data alone (after a warm-up run)', async () => {
	await readIntoBinary();
	baseline = await peakGrowth(readIntoBinary);
	process.stdout.write(
		`\n[memory] reading the 50 MB file into n8n binary data alone: peak RSS growth ${baseline.toFixed(1)} MB\n`,
	);
}, 120_000);

test('a 50 MB upload from binary data grows the process by far less than the file (printed)', async () => {
	let run!: Awaited<ReturnType<typeof runWithFiles>>;
	const growth = await peakGrowth(async () => {
		run = await runWithFiles(
			emu,
			[packageNode('Upload Asset', 'uploadAsset', { operation: 'upload', name: 'big' })],
			[
				itemWithFileOnDisk({
					property: 'data',
					path: file,
					fileName: 'big.mp4',
					mimeType: 'video/mp4',
				}),
			],
		);
	});
	expect(run.error).toBeUndefined();
	expect(run.json('Upload Asset')[0]).toMatchObject({ type: 'VIDEO', status: 'PROCESSING' });
	const [sent] = await logged(emu, '/api/v1/assets/upload');
	expect(sent.body.files[0].bytes).toBe(SIZE);
	process.stdout.write(
		`\n[memory] read + 50 MB upload: peak RSS growth ${growth.toFixed(1)} MB (the read alone: ${baseline.toFixed(1)} MB)\n`,
	);
}, 120_000);
