import type { RunningEmulator } from './index';
import { makeImage, makeVideo, probeMedia } from './media/index';
import {
	addAccount,
	call,
	control,
	credits,
	download,
	reset,
	startFast,
	upload,
	waitFor,
	waitTerminal,
} from './test-helpers';

/** Standalone upscaling: validating → processing → completed|failed, the spec's codes, credits. */

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(() => emu.close());
beforeEach(() => reset(emu));

const create = (json: unknown, key?: string) =>
	call(`${emu.unifiedBaseUrl}/upscale/create`, { json, key });
const query = (taskId: string, key?: string) =>
	waitTerminal(`${emu.unifiedBaseUrl}/upscale/query?taskId=${taskId}`, key);
const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

async function uploaded(bytes: Buffer, filename = 'clip.mp4', key?: string): Promise<string> {
	return (await upload(emu, bytes, filename, {}, key)).body.url;
}

async function upscale(url: string, targetResolution = '1080p', key?: string) {
	const created = await create({ source: { type: 'url', url }, targetResolution }, key);
	expect(created.body).toEqual({
		taskId: expect.any(String),
		orderId: expect.any(String),
		status: 'validating',
	});
	return query(created.body.taskId, key);
}

describe('success', () => {
	it('probes the source, charges per source second and serves the upscaled video', async () => {
		await control(emu, '/settings', { taskDurationMs: 2500 });
		const url = await uploaded(makeVideo('mp4', { width: 640, height: 360, seconds: 8 }));
		const created = await create({ source: { type: 'url', url }, targetResolution: '1080p' });
		const seen: string[] = [];
		const done = await waitFor(async () => {
			const { body } = await call(
				`${emu.unifiedBaseUrl}/upscale/query?taskId=${created.body.taskId}`,
			);
			if (seen[seen.length - 1] !== body.status) seen.push(body.status);
			return body.status === 'completed' ? body : undefined;
		}, 'completed');
		expect(seen).toEqual(['validating', 'processing', 'completed']);
		expect(done).toEqual({
			taskId: created.body.taskId,
			orderId: created.body.orderId,
			status: 'completed',
			targetResolution: '1080p',
			creditsConsumed: 200,
			result: {
				url: expect.any(String),
				probedDurationSeconds: 8,
				probedSourceResolution: '640x360',
			},
			error: null,
			createdAt: expect.stringMatching(ISO_MS),
			finishedAt: expect.stringMatching(ISO_MS),
		});
		expect(probeMedia((await download(done.result.url)).bytes)).toMatchObject({
			kind: 'video',
			width: 1920,
			height: 1080,
			seconds: 8,
		});
		expect(await credits(emu)).toEqual({
			credits: 1_000_000 - 200,
			availableCredits: 1_000_000 - 200,
		});
	});

	it('bills at least 5 s and accepts the legacy uploadId form and alt-family urls', async () => {
		const short = await uploaded(makeVideo('mp4', { width: 640, height: 360, seconds: 2 }));
		const legacy = await create({
			source: { type: 'uploadId', storageUrl: short },
			targetResolution: '720p',
		});
		expect((await query(legacy.body.taskId)).creditsConsumed).toBe(85);
		const alt = await upload(
			emu,
			makeVideo('mov', { width: 480, height: 640, seconds: 5 }),
			'p.mov',
			{},
			undefined,
			'?model=alt3.0-video',
		);
		expect((await upscale(alt.body.url, '4k')).result).toMatchObject({
			probedSourceResolution: '480x640',
		});
	});
});

describe('failures', () => {
	it.each([
		['a plain http url', 'http://example.com/v.mp4', 'INVALID_URL'],
		['a private address', 'https://192.168.1.20/v.mp4', 'INVALID_URL'],
		['a malformed url', 'not a url', 'INVALID_URL'],
		['an https url the emulator cannot fetch', 'https://example.com/v.mp4', 'URL_NOT_REACHABLE'],
	])('fails %s with its code and no charge', async (_, url, code) => {
		const done = await upscale(url);
		expect(done).toMatchObject({
			status: 'failed',
			creditsConsumed: null,
			result: null,
			error: { code, message: expect.any(String) },
		});
		expect(done.finishedAt).toMatch(ISO_MS);
		expect(await credits(emu)).toEqual({ credits: 1_000_000, availableCredits: 1_000_000 });
	});

	it('fails a source that is not a video', async () => {
		const done = await upscale(await uploaded(makeImage('png', 640, 360), 'still.png'));
		expect(done.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
	});

	it('fails a source at or above the target resolution', async () => {
		const done = await upscale(
			await uploaded(makeVideo('mp4', { width: 1920, height: 1080, seconds: 5 })),
			'1080p',
		);
		expect(done.error.code).toBe('SOURCE_RESOLUTION_TOO_HIGH');
	});

	it('fails a source longer than 600 s', async () => {
		const done = await upscale(
			await uploaded(makeVideo('mp4', { width: 640, height: 360, seconds: 601, fps: 1 })),
		);
		expect(done.error.code).toBe('DURATION_EXCEEDS_LIMIT');
	});

	it('fails with INSUFFICIENT_CREDITS and ACCOUNT_FROZEN', async () => {
		await addAccount(emu, 'poor-key', { credits: 10 });
		await addAccount(emu, 'frozen-key', { frozen: true });
		const video = makeVideo('mp4', { width: 640, height: 360, seconds: 5 });
		expect(
			(await upscale(await uploaded(video, 'a.mp4', 'poor-key'), '1080p', 'poor-key')).error.code,
		).toBe('INSUFFICIENT_CREDITS');
		expect(
			(await upscale(await uploaded(video, 'b.mp4', 'frozen-key'), '1080p', 'frozen-key')).error
				.code,
		).toBe('ACCOUNT_FROZEN');
		expect(await credits(emu, 'poor-key')).toEqual({ credits: 10, availableCredits: 10 });
	});

	it('refunds an upscale that fails while processing', async () => {
		const url = `${await uploaded(makeVideo('mp4', { width: 640, height: 360, seconds: 5 }))}?[fail]`;
		const created = await create({ source: { type: 'url', url }, targetResolution: '2k' });
		expect((await credits(emu)).availableCredits).toBe(1_000_000 - 190);
		const done = await query(created.body.taskId);
		expect(done).toMatchObject({
			status: 'failed',
			creditsConsumed: null,
			error: { code: 'UPSCALE_FAILED' },
		});
		expect(await credits(emu)).toEqual({ credits: 1_000_000, availableCredits: 1_000_000 });
	});

	it('answers 400 for a malformed request', async () => {
		expect((await create({ targetResolution: '1080p' })).status).toBe(400);
		expect(
			(
				await create({
					source: { type: 'url', url: 'https://example.com/v.mp4' },
					targetResolution: '8k',
				})
			).status,
		).toBe(400);
	});
});
