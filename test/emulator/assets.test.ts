import type { RunningEmulator } from './index';
import { makeAudio, makeImage, makeVideo } from './media/index';
import { call, control, download, reset, startFast, upload, waitFor } from './test-helpers';

/** POST /assets/upload (multipart, JSON, alternative family), GET /assets/status, GET /assets/list. */

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(() => emu.close());
beforeEach(() => reset(emu));

const status = (id: string | number) => call(`${emu.unifiedBaseUrl}/assets/status?assetId=${id}`);
const list = (query = '') => call(`${emu.unifiedBaseUrl}/assets/list${query}`);
const uploadJson = (json: unknown) => call(`${emu.unifiedBaseUrl}/assets/upload`, { json });

describe('multipart upload', () => {
	it('detects the type from the bytes, not the name, and starts PROCESSING', async () => {
		const answer = await upload(
			emu,
			makeVideo('mov', { width: 640, height: 480, seconds: 3 }),
			'looks-like.png',
			{ name: 'my clip' },
		);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({
			assetId: expect.any(Number),
			providerAssetId: expect.any(String),
			type: 'VIDEO',
			status: 'PROCESSING',
			failReason: null,
			url: expect.stringMatching(/\/files\/\w+\.mov$/),
			name: 'my clip',
			createdAt: expect.any(Number),
		});
		const served = await download(answer.body.url);
		expect(served.type).toBe('video/quicktime');
	});

	it('uses the file name when no name field is sent', async () => {
		const answer = await upload(emu, makeAudio('mp3', { seconds: 2 }), 'song.mp3');
		expect(answer.body).toMatchObject({ type: 'AUDIO', name: 'song.mp3' });
	});

	it.each([
		[
			'bytes that are no media',
			Buffer.from('just some text'),
			'notes.png',
			{},
			'UNSUPPORTED_FILE_TYPE',
		],
		[
			'a name over 64 characters',
			makeImage('png', 64, 64),
			'a.png',
			{ name: 'n'.repeat(65) },
			'NAME_TOO_LONG',
		],
		[
			'an image over 30 MB',
			Buffer.concat([makeImage('png', 64, 64), Buffer.alloc(31 * 1024 * 1024)]),
			'big.png',
			{},
			'FILE_TOO_LARGE',
		],
	])('refuses %s', async (_, bytes, filename, fields, code) => {
		const answer = await upload(emu, bytes, filename, fields);
		expect(answer).toMatchObject({ status: 400, body: { code } });
		expect((await list()).body.items).toHaveLength(0);
	});

	it('requires the file field', async () => {
		const form = new FormData();
		form.append('name', 'nothing');
		const answer = await call(`${emu.unifiedBaseUrl}/assets/upload`, { form });
		expect(answer).toMatchObject({ status: 400, body: { code: 'FILE_REQUIRED' } });
	});
});

describe('JSON upload', () => {
	it('accepts a public https url, trusting the declared type', async () => {
		const answer = await uploadJson({
			url: 'https://example.com/pic.jpg',
			type: 'IMAGE',
			name: 'remote',
		});
		expect(answer.body).toMatchObject({
			type: 'IMAGE',
			status: 'PROCESSING',
			url: 'https://example.com/pic.jpg',
			name: 'remote',
		});
	});

	it('reads the bytes of its own files', async () => {
		const first = await upload(
			emu,
			makeVideo('mp4', { width: 320, height: 240, seconds: 4 }),
			'a.mp4',
		);
		const again = await uploadJson({ url: first.body.url, type: 'VIDEO' });
		expect(again.status).toBe(200);
		const items = (await list('?type=VIDEO')).body.items;
		expect(items[0]).toMatchObject({
			assetId: again.body.assetId,
			width: 320,
			height: 240,
			duration: 4,
		});
		const wrongType = await uploadJson({ url: first.body.url, type: 'AUDIO' });
		expect(wrongType).toMatchObject({ status: 400, body: { code: 'UNSUPPORTED_FILE_TYPE' } });
	});

	it.each([
		['plain http', { url: 'http://example.com/a.png', type: 'IMAGE' }, 'INVALID_URL'],
		['a private address', { url: 'https://10.0.0.8/a.png', type: 'IMAGE' }, 'INVALID_URL'],
		['a missing url', { type: 'IMAGE' }, 'INVALID_URL'],
		[
			'an unknown type',
			{ url: 'https://example.com/a.png', type: 'TEXT' },
			'UNSUPPORTED_FILE_TYPE',
		],
		['a missing type', { url: 'https://example.com/a.png' }, 'INVALID_PARAMETER'],
	])('refuses %s', async (_, body, code) => {
		expect(await uploadJson(body)).toMatchObject({ status: 400, body: { code } });
	});
});

describe('review', () => {
	it('moves PROCESSING → ACTIVE on reads after the review time, by numeric id or providerAssetId', async () => {
		await control(emu, '/settings', { reviewDurationMs: 400 });
		const { body } = await upload(emu, makeImage('jpeg', 500, 500), 'ok.jpg');
		expect((await status(body.assetId)).body.status).toBe('PROCESSING');
		const active = await waitFor(async () => {
			const answer = await status(body.providerAssetId);
			return answer.body.status === 'ACTIVE' ? answer.body : undefined;
		}, 'ACTIVE');
		expect(active).toMatchObject({
			assetId: body.assetId,
			providerAssetId: body.providerAssetId,
			failReason: null,
		});
	});

	it('fails review with a failReason when the name contains [reject]', async () => {
		const { body } = await upload(emu, makeImage('png', 500, 500), 'x.png', {
			name: 'nope [reject]',
		});
		const failed = await waitFor(async () => {
			const answer = await status(body.assetId);
			return answer.body.status === 'FAILED' ? answer.body : undefined;
		}, 'FAILED');
		expect(failed.failReason).toEqual(expect.stringContaining('[reject]'));
	});
});

describe('list', () => {
	async function seed() {
		const ids: number[] = [];
		for (let i = 0; i < 5; i++)
			ids.push((await upload(emu, makeImage('png', 300 + i, 400), `img${i}.png`)).body.assetId);
		ids.push((await upload(emu, makeAudio('wav', { seconds: 3 }), 'a.wav')).body.assetId);
		ids.push(
			(await upload(emu, makeImage('png', 300, 300), 'r.png', { name: 'no [reject]' })).body
				.assetId,
		);
		return ids;
	}

	it('lists newest first with media facts, filters by type and status', async () => {
		await control(emu, '/settings', { reviewDurationMs: 800 });
		const ids = await seed();
		const all = (await list()).body;
		expect(all.items.map((a: any) => a.assetId)).toEqual([...ids].reverse());
		expect(all.nextCursor).toBeNull();
		expect(all.items[1]).toMatchObject({
			type: 'AUDIO',
			duration: 3,
			width: null,
			height: null,
			size: expect.any(Number),
		});
		expect(all.items[2]).toMatchObject({ type: 'IMAGE', width: 304, height: 400, duration: null });
		expect((await list('?type=AUDIO')).body.items).toHaveLength(1);
		expect((await list('?status=PROCESSING')).body.items.length).toBeGreaterThan(0);
		await waitFor(
			async () => ((await list('?status=PROCESSING')).body.items.length === 0 ? true : undefined),
			'review done',
		);
		expect((await list('?status=ACTIVE')).body.items).toHaveLength(6);
		expect((await list('?status=FAILED')).body.items).toHaveLength(1);
		expect((await list('?status=NONE')).body.items).toHaveLength(7);
	});

	it('pages with cursor and limit (1-50, default 20)', async () => {
		const ids = (await seed()).reverse();
		const first = (await list('?limit=3')).body;
		expect(first.items.map((a: any) => a.assetId)).toEqual(ids.slice(0, 3));
		const second = (await list(`?limit=3&cursor=${first.nextCursor}`)).body;
		expect(second.items.map((a: any) => a.assetId)).toEqual(ids.slice(3, 6));
		const third = (await list(`?limit=3&cursor=${second.nextCursor}`)).body;
		expect(third).toEqual({
			items: [expect.objectContaining({ assetId: ids[6] })],
			nextCursor: null,
		});
		for (const bad of [
			'?limit=0',
			'?limit=51',
			'?limit=x',
			'?type=TEXT',
			'?status=DONE',
			'?cursor=-1',
		]) {
			expect([bad, (await list(bad)).status]).toEqual([bad, 400]);
		}
	});
});

describe('alternative-family upload', () => {
	it('answers ACTIVE with an https url whose bytes the emulator serves', async () => {
		const bytes = makeImage('jpeg', 640, 480);
		const answer = await upload(emu, bytes, 'alt.jpg', {}, undefined, '?model=alt3.0-video-prime');
		expect(answer.body).toEqual({
			assetId: expect.any(Number),
			type: 'IMAGE',
			status: 'ACTIVE',
			url: expect.stringMatching(/^https:\/\//),
		});
		const local = answer.body.url.replace(/^https:\/\/[^/]+/, emu.url);
		expect((await download(local)).bytes.equals(bytes)).toBe(true);
		expect((await status(answer.body.assetId)).body.status).toBe('ACTIVE');
	});

	it('refuses another model and a JSON body', async () => {
		const image = makeImage('jpeg', 640, 480);
		expect((await upload(emu, image, 'a.jpg', {}, undefined, '?model=sd2')).body.code).toBe(
			'UNSUPPORTED_MODEL',
		);
		const json = await call(`${emu.unifiedBaseUrl}/assets/upload?model=alt3.0-video`, {
			json: { url: 'https://example.com/a.jpg', type: 'IMAGE' },
		});
		expect(json).toMatchObject({ status: 400, body: { code: 'INVALID_CONTENT_TYPE' } });
	});
});
