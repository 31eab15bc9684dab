import type { RunningEmulator } from './index';
import { makeImage, probeMedia } from './media/index';
import {
	addAccount,
	call,
	control,
	download,
	reset,
	startFast,
	waitFor,
	waitTerminal,
} from './test-helpers';

/** Compat tasks: create, get, list (filter.status, paging, own key only), balance, cost, refusals. */

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(() => emu.close());
beforeEach(() => reset(emu));

const TASKS = () => `${emu.compatBaseUrl}/v1/contents/generations/tasks`;
const MODEL = 'video-2-0-260128';
const text = (t: string) => [{ type: 'text', text: t }];
const create = (json: unknown, key?: string) => call(TASKS(), { json, key });
const balance = async (key?: string) =>
	(await call(`${emu.compatBaseUrl}/v1/me/balance`, { key })).body;

async function run(json: unknown, key?: string) {
	const created = await create(json, key);
	expect(created.status).toBe(200);
	return waitTerminal(`${TASKS()}/${created.body.id}`, key);
}

describe('tasks', () => {
	it('answers running at creation, then succeeded with content, ratio, duration and usage', async () => {
		const created = await create({ model: MODEL, content: text('a kite') });
		expect(created.body).toEqual({
			id: expect.any(String),
			status: 'running',
			model: MODEL,
			created_at: expect.any(Number),
			updated_at: created.body.created_at,
		});
		expect((await call(`${TASKS()}/${created.body.id}`)).body.status).toBe('running');
		const done = await waitTerminal(`${TASKS()}/${created.body.id}`);
		expect(done).toMatchObject({
			id: created.body.id,
			status: 'succeeded',
			model: MODEL,
			content: [{ type: 'video_url', video_url: { url: expect.stringContaining('/files/') } }],
			ratio: '16:9',
			duration: 5,
			usage: { completion_tokens: 108000, total_tokens: 108000 },
		});
		const media = probeMedia((await download(done.content[0].video_url.url)).bytes);
		expect(media).toMatchObject({ kind: 'video', width: 1280, height: 720, seconds: 5 });
	});

	it('follows ratio, resolution and duration, and -1 lets the model choose', async () => {
		const done = await run({
			model: 'video-2-0-fast-260128',
			content: text('x'),
			ratio: '9:16',
			resolution: '480p',
			duration: 8,
		});
		expect(done).toMatchObject({ ratio: '9:16', duration: 8 });
		expect(probeMedia((await download(done.content[0].video_url.url)).bytes)).toMatchObject({
			width: 480,
			height: 854,
			seconds: 8,
		});
		expect((await run({ model: MODEL, content: text('x'), duration: -1 })).duration).toBe(5);
	});

	it('resolves an adaptive ratio from a first frame it can read', async () => {
		const group = (await call(`${emu.compatBaseUrl}/v1/assets/groups`, { json: { name: 'g' } }))
			.body;
		const file = await call(`${emu.unifiedBaseUrl}/assets/upload`, { form: imageForm() });
		const asset = (
			await call(`${emu.compatBaseUrl}/v1/assets`, {
				json: { groupId: group.officialId, url: file.body.url, name: 'frame' },
			})
		).body;
		await waitFor(
			async () =>
				(await call(`${emu.compatBaseUrl}/v1/assets/${asset.officialId}`)).body.status === 'Active'
					? true
					: undefined,
			'Active',
		);
		const content = [
			...text('go'),
			{ type: 'image_url', image_url: { url: `asset://${asset.officialId}` }, role: 'first_frame' },
		];
		expect((await run({ model: MODEL, content })).ratio).toBe('1:1');
	});

	it('accepts video_url items on the fast id (both recommended ids are version 2.0)', async () => {
		const video = {
			type: 'video_url',
			video_url: { url: 'https://example.com/clip.mp4' },
			role: 'reference_video',
		};
		const done = await run({
			model: 'video-2-0-fast-260128',
			content: [...text('continue it'), video],
		});
		expect(done.status).toBe('succeeded');
	});

	it.each([
		[
			'a last frame without a first frame',
			[
				{
					type: 'image_url',
					image_url: { url: 'https://example.com/end.png' },
					role: 'last_frame',
				},
			],
		],
		[
			'two first frames',
			['a', 'b'].map((name) => ({
				type: 'image_url',
				image_url: { url: `https://example.com/${name}.png` },
				role: 'first_frame',
			})),
		],
		[
			'frames beside reference items',
			[
				{
					type: 'image_url',
					image_url: { url: 'https://example.com/start.png' },
					role: 'first_frame',
				},
				{
					type: 'image_url',
					image_url: { url: 'https://example.com/style.png' },
					role: 'reference_image',
				},
				{
					type: 'video_url',
					video_url: { url: 'https://example.com/clip.mp4' },
					role: 'reference_video',
				},
			],
		],
	])('runs %s: the document does not forbid how roles combine', async (_what, media) => {
		expect((await run({ model: MODEL, content: [...text('go'), ...media] })).status).toBe(
			'succeeded',
		);
	});

	it('fails a task whose text contains [fail], without cost', async () => {
		const done = await run({ model: MODEL, content: text('oops [fail]') });
		expect(done).toEqual({
			id: expect.any(String),
			model: MODEL,
			status: 'failed',
			error: { code: 'GENERATION_FAILED', message: expect.stringContaining('[fail]') },
			created_at: expect.any(Number),
			updated_at: expect.any(Number),
		});
		expect((await balance()).balance).toBe('1000.0000');
	});

	it('answers 400 with the rule code for invalid content', async () => {
		const answer = await create({
			model: MODEL,
			content: [
				{
					type: 'audio_url',
					audio_url: { url: 'https://example.com/a.mp3' },
					role: 'reference_audio',
				},
			],
		});
		expect(answer.status).toBe(400);
		expect(answer.body).toMatchObject({
			code: expect.any(String),
			message: expect.any(String),
			error: { code: answer.body.code },
		});
		expect((await create({ model: 'unknown-model', content: text('x') })).status).toBe(400);
		expect((await call(TASKS())).body.total).toBe(0);
	});
});

describe('list', () => {
	it('lists only the calling key, newest first, with filter.status and paging', async () => {
		await addAccount(emu, 'other-key');
		const ids: string[] = [];
		for (let i = 0; i < 3; i++)
			ids.push((await create({ model: MODEL, content: text(`ok ${i}`) })).body.id);
		ids.push((await create({ model: MODEL, content: text('bad [fail]') })).body.id);
		await create({ model: MODEL, content: text('theirs') }, 'other-key');
		for (const id of ids) await waitTerminal(`${TASKS()}/${id}`);
		const all = (await call(TASKS())).body;
		expect(all).toMatchObject({ total: 4, page_num: 1, page_size: 20 });
		expect(all.items.map((t: any) => t.id)).toEqual([...ids].reverse());
		const page = (await call(`${TASKS()}?page_num=2&page_size=3`)).body;
		expect(page.items.map((t: any) => t.id)).toEqual([ids[0]]);
		const failed = (await call(`${TASKS()}?filter.status=failed`)).body;
		expect(failed.items.map((t: any) => t.id)).toEqual([ids[3]]);
		expect((await call(`${TASKS()}?filter.status=succeeded`)).body.total).toBe(3);
		expect((await call(`${TASKS()}?filter.status=done`)).status).toBe(400);
		expect((await call(`${TASKS()}?page_size=0`)).status).toBe(400);
	});
});

describe('balance and cost', () => {
	it('shows four decimals and the markup rate, and settles the cost on completion', async () => {
		await addAccount(emu, 'markup-key', { compatBalance: 200, markupRate: 1.5 });
		expect(await balance('markup-key')).toEqual({ balance: '200.0000', markupRate: 1.5 });
		const created = await create({ model: MODEL, content: text('pay') }, 'markup-key');
		expect((await balance('markup-key')).balance).toBe('200.0000');
		await waitTerminal(`${TASKS()}/${created.body.id}`, 'markup-key');
		expect((await balance('markup-key')).balance).toBe('198.3800');
	});

	it('refuses a task below a balance of 100 with 402 and creates nothing', async () => {
		await addAccount(emu, 'low-key', { compatBalance: 99.99 });
		const answer = await create({ model: MODEL, content: text('x') }, 'low-key');
		expect(answer).toMatchObject({
			status: 402,
			body: { code: 'INSUFFICIENT_BALANCE', error: { code: 'INSUFFICIENT_BALANCE' } },
		});
		expect((await call(TASKS(), { key: 'low-key' })).body.total).toBe(0);
		expect((await balance('low-key')).balance).toBe('99.9900');
	});
});

function imageForm(): FormData {
	const form = new FormData();
	form.append('file', new Blob([makeImage('png', 500, 500)]), 'square.png');
	return form;
}
