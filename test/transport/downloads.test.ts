import { randomBytes } from 'node:crypto';

import { fileNameFromUrl, safeFileName } from '../../nodes/shared/transport/binary';
import { runWorkflow } from '../harness';
import { startWorkflow } from '../harness/cancellable';
import { downloadRun } from './download-run';
import { scriptedServer } from './scripted-server';
import type { Reply } from './scripted-server';

/** The first bytes of an MP4 file (an ftyp box). */
const MP4 = Buffer.from('000000206674797069736f6d0000020069736f6d69736f32617663316d703431', 'hex');
const VIDEO = { 'content-type': 'video/mp4' };

/** Downloads from a file host that is the credential's own origin (as the emulator is). */
async function download(reply: Reply, path: string, parameters: Record<string, unknown> = {}) {
	const server = await scriptedServer([reply]);
	const started = Date.now();
	try {
		const run = await runWorkflow(
			...downloadRun({ url: `${server.url}${path}`, ...parameters }, server.url),
		);
		return {
			run,
			seen: server.seen,
			item: run.json('Download')[0],
			elapsedMs: Date.now() - started,
		};
	} finally {
		await server.close();
	}
}

describe('downloads', () => {
	test('a video is stored as binary data, without the credential', async () => {
		const { run, seen, item } = await download(
			{ status: 200, body: MP4, headers: VIDEO },
			'/files/out.mp4',
		);
		expect(item).toEqual({ fileName: 'out.mp4', mimeType: 'video/mp4', directory: null });
		expect((await run.binary('Download')).data).toEqual(MP4);
		expect(seen[0].headers.authorization).toBeUndefined();
	});

	test('a file of many chunks is stored byte for byte (n8n 1.x hands over the raw IncomingMessage)', async () => {
		const file = Buffer.concat([MP4, randomBytes(3 * 1024 * 1024)]);
		const { run, item } = await download(
			{ status: 200, body: file, headers: VIDEO },
			'/files/big.mp4',
		);
		expect(item).toMatchObject({ fileName: 'big.mp4', mimeType: 'video/mp4' });
		expect((await run.binary('Download')).data.equals(file)).toBe(true);
	});

	test('a file name cannot escape the binary data folder', async () => {
		const { item } = await download(
			{ status: 200, body: MP4, headers: VIDEO },
			'/files/%2F..%2F..%2Fetc%2Fcron.d%2Fx.mp4',
		);
		expect(item.directory).toBeNull();
		expect(item.fileName).toBe('x.mp4');
	});

	test.each([
		'data:video/mp4;base64,AAAAIGZ0eXA=',
		'file:///etc/hostname',
		'ftp://127.0.0.1/x.mp4',
	])('%s is not fetched: only http and https result URLs are', async (url) => {
		const run = await runWorkflow(...downloadRun({ url }));
		expect(run.json('Download')[0].error).toContain('only http and https');
	});

	test.each<[string, Reply]>([
		[
			'an HTML page',
			{
				status: 200,
				body: '<html><body>Sign in</body></html>',
				headers: { 'content-type': 'text/html; charset=utf-8' },
			},
		],
		['a JSON error page', { status: 200, body: { error: 'expired' } }],
		[
			'an HTML page sent as a video',
			{ status: 200, body: '\n<!DOCTYPE html><html></html>', headers: VIDEO },
		],
	])('%s where a video was expected is a failed download', async (_, reply) => {
		const { item } = await download(reply, '/files/out.mp4', { expect: 'video' });
		expect(item.error).toContain('instead of a video file');
	});

	test('another kind of media than expected is a failed download', async () => {
		const { item } = await download(
			{ status: 200, body: MP4, headers: { 'content-type': 'image/png' } },
			'/files/out.mp4',
			{ expect: 'video' },
		);
		expect(item.error).toContain('sent an image/png file instead of a video file');
	});

	test('an empty body is a failed download', async () => {
		const { item } = await download({ status: 200, body: '', headers: VIDEO }, '/files/out.mp4');
		expect(item.error).toContain('an empty file');
	});

	test('a file host that closes the connection before the announced length fails the item: no cut file is stored', async () => {
		const body = Buffer.concat([MP4, Buffer.alloc(64 * 1024, 7)]);
		const { item } = await download({ cut: { body, headers: VIDEO } }, '/files/out.mp4');
		expect(item.error).toMatch(
			/^The download failed: the file host sent only \d+ of the 65568 bytes it announced .*, so no file was stored$/,
		);
	});

	test('a non-2xx answer is an error that says the status', async () => {
		const { item } = await download(
			{ status: 404, body: 'gone', headers: { 'content-type': 'text/plain' } },
			'/files/out.mp4',
		);
		expect(item.error).toContain('HTTP 404');
	});

	test('a dripping file host ends at the time limit', async () => {
		const reply: Reply = { drip: { everyMs: 300, headers: VIDEO } };
		const { item, elapsedMs } = await download(reply, '/files/out.mp4', { timeoutMs: '1500' });
		expect(elapsedMs).toBeLessThan(8000);
		expect(item.error).toContain('1.5 s');
	});

	test('a download ends by the deadline', async () => {
		const reply: Reply = { drip: { everyMs: 300, headers: VIDEO } };
		const { item, elapsedMs } = await download(reply, '/files/out.mp4', { deadlineInMs: '1500' });
		expect(elapsedMs).toBeLessThan(8000);
		expect(item.error).toBeDefined();
	});

	test('stopping the execution stops a download at once', async () => {
		const server = await scriptedServer([{ drip: { everyMs: 300, headers: VIDEO } }]);
		try {
			const execution = await startWorkflow(
				...downloadRun({ url: `${server.url}/files/out.mp4` }, server.url),
			);
			while (server.seen.length < 1) await new Promise((resolve) => setTimeout(resolve, 20));
			const stoppedAt = Date.now();
			execution.cancel();
			const run = await execution.result;
			expect(Date.now() - stoppedAt).toBeLessThan(5000);
			expect(run.json('Download')[0].error).toContain('stopped');
		} finally {
			await server.close();
		}
	});
});

describe('file names of downloads', () => {
	test.each([
		['https://files.test/a/clip.mp4?sig=1', 'clip.mp4'],
		['https://files.test/a/%2F..%2F..%2Fetc%2Fcron.d%2Fx.mp4', 'x.mp4'],
		['https://files.test/a/..%5C..%5Cwin.ini.mp4', 'win.ini.mp4'],
		['https://files.test/a/%2E%2E', 'task-1'],
		['https://files.test/a/bad%ZZname.mp4', 'task-1'],
		['https://files.test/a/no-extension', 'task-1'],
	])('%s is stored as %s', (url, name) => {
		expect(fileNameFromUrl(url, 'task-1')).toBe(name);
	});

	test('a fallback name is made safe too', () => {
		expect(safeFileName('../x\u0000y.mp4', 'download')).toBe('xy.mp4');
		expect(safeFileName('..', 'download')).toBe('download');
	});
});
