import type { RunningEmulator } from './index';
import { readXlsx, writeXlsx } from './spreadsheet/xlsx';
import { call, control, reset, startFast, waitFor, waitTerminal } from './test-helpers';

/** Compat assets and groups: create, get, list, soft delete, review, batch (JSON and spreadsheet). */

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(() => emu.close());
beforeEach(() => reset(emu));

const V1 = () => `${emu.compatBaseUrl}/v1`;
const newGroup = async (name = 'group') =>
	(await call(`${V1()}/assets/groups`, { json: { name } })).body;
const newAsset = (json: unknown) => call(`${V1()}/assets`, { json });
const get = (id: string) => call(`${V1()}/assets/${id}`);

async function untilStatus(id: string, status: string) {
	return waitFor(async () => {
		const { body } = await get(id);
		return body.status === status ? body : undefined;
	}, `asset ${status}`);
}

describe('groups', () => {
	it('creates groups and lists them with their asset count', async () => {
		const group = await newGroup('products');
		expect(group).toEqual({
			id: expect.any(Number),
			officialId: expect.any(String),
			name: 'products',
			createdAt: expect.stringMatching(/Z$/),
		});
		await newAsset({ groupId: group.officialId, url: 'https://example.com/a.png' });
		const listed = (await call(`${V1()}/assets/groups`)).body;
		expect(listed).toEqual([{ ...group, _count: { assets: 1 } }]);
		expect((await call(`${V1()}/assets/groups`, { json: {} })).status).toBe(400);
	});
});

describe('assets', () => {
	it('creates Processing, reviews to Active, reads by officialId', async () => {
		const group = await newGroup();
		const created = await newAsset({
			groupId: group.officialId,
			url: 'https://example.com/cat.png',
			name: 'cat',
		});
		expect(created.body).toMatchObject({
			id: expect.any(Number),
			officialId: expect.any(String),
			name: 'cat',
			status: 'Processing',
			imageUrl: 'https://example.com/cat.png',
			createdAt: expect.stringMatching(/Z$/),
		});
		expect(await untilStatus(created.body.officialId, 'Active')).toMatchObject({
			failReason: null,
		});
	});

	it('fails review when the name contains [reject]', async () => {
		const group = await newGroup();
		const created = await newAsset({
			groupId: group.officialId,
			url: 'https://example.com/x.png',
			name: 'x [reject]',
		});
		expect((await untilStatus(created.body.officialId, 'Failed')).failReason).toContain('[reject]');
	});

	it('refuses an unknown group, a private url and a bad body', async () => {
		const group = await newGroup();
		expect(
			(await newAsset({ groupId: 'group_missing', url: 'https://example.com/a.png' })).body.code,
		).toBe('GROUP_NOT_FOUND');
		expect(
			(await newAsset({ groupId: group.officialId, url: 'https://127.0.0.1/a.png' })).body.code,
		).toBe('INVALID_URL');
		expect((await newAsset({ groupId: group.officialId })).status).toBe(400);
	});

	it('lists by group and status with paging', async () => {
		const [a, b] = [await newGroup('a'), await newGroup('b')];
		const ids: string[] = [];
		for (let i = 0; i < 3; i++)
			ids.push(
				(await newAsset({ groupId: a.officialId, url: `https://example.com/${i}.png` })).body
					.officialId,
			);
		ids.push(
			(
				await newAsset({
					groupId: b.officialId,
					url: 'https://example.com/b.png',
					name: '[reject]',
				})
			).body.officialId,
		);
		const all = (await call(`${V1()}/assets`)).body;
		expect(all).toMatchObject({ total: 4, page_num: 1, page_size: 20 });
		expect(all.items.map((x: any) => x.officialId)).toEqual([...ids].reverse());
		expect((await call(`${V1()}/assets?groupId=${a.officialId}`)).body.total).toBe(3);
		expect(
			(await call(`${V1()}/assets?page_num=2&page_size=3`)).body.items.map(
				(x: any) => x.officialId,
			),
		).toEqual([ids[0]]);
		await untilStatus(ids[3], 'Failed');
		expect(
			(await call(`${V1()}/assets?status=Failed`)).body.items.map((x: any) => x.officialId),
		).toEqual([ids[3]]);
		expect((await call(`${V1()}/assets?status=Active`)).body.total).toBe(3);
		expect((await call(`${V1()}/assets?status=Done`)).status).toBe(400);
	});

	it('soft-deletes: hidden, not listed or counted, refused in new tasks, submitted tasks unaffected', async () => {
		const group = await newGroup();
		const { body: asset } = await newAsset({
			groupId: group.officialId,
			url: 'https://example.com/f.png',
		});
		await untilStatus(asset.officialId, 'Active');
		const content = [
			{ type: 'text', text: 'go' },
			{ type: 'image_url', image_url: { url: `asset://${asset.officialId}` }, role: 'first_frame' },
		];
		const task = (
			await call(`${V1()}/contents/generations/tasks`, {
				json: { model: 'video-2-0-260128', content },
			})
		).body;
		expect(await call(`${V1()}/assets/${asset.officialId}`, { method: 'DELETE' })).toMatchObject({
			status: 200,
			body: { id: asset.officialId, deleted: true },
		});
		expect((await get(asset.officialId)).status).toBe(404);
		expect((await call(`${V1()}/assets`)).body.total).toBe(0);
		expect((await call(`${V1()}/assets/groups`)).body[0]._count.assets).toBe(0);
		const refused = await call(`${V1()}/contents/generations/tasks`, {
			json: { model: 'video-2-0-260128', content },
		});
		expect(refused).toMatchObject({ status: 400, body: { code: 'ASSET_DELETED' } });
		expect((await waitTerminal(`${V1()}/contents/generations/tasks/${task.id}`)).status).toBe(
			'succeeded',
		);
	});

	it('refuses unknown and not yet reviewed assets in tasks', async () => {
		await control(emu, '/settings', { reviewDurationMs: 60_000 });
		const group = await newGroup();
		const { body: asset } = await newAsset({
			groupId: group.officialId,
			url: 'https://example.com/p.png',
		});
		const task = (url: string) => ({
			model: 'video-2-0-260128',
			content: [
				{ type: 'text', text: 'x' },
				{ type: 'image_url', image_url: { url }, role: 'first_frame' },
			],
		});
		expect(
			(
				await call(`${V1()}/contents/generations/tasks`, {
					json: task(`asset://${asset.officialId}`),
				})
			).body.code,
		).toBe('ASSET_NOT_ACTIVE');
		expect(
			(await call(`${V1()}/contents/generations/tasks`, { json: task('asset://asset_missing') }))
				.body.code,
		).toBe('ASSET_NOT_FOUND');
	});
});

describe('batch', () => {
	it('creates entries of a JSON array one by one, reporting each', async () => {
		const group = await newGroup();
		const answer = await call(`${V1()}/assets/batch`, {
			json: [
				{ groupId: group.officialId, url: 'https://example.com/1.png', name: 'one' },
				{ groupId: 'group_missing', url: 'https://example.com/2.png' },
			],
		});
		expect(answer.body).toEqual({
			batchId: expect.any(String),
			total: 2,
			results: [
				{ index: 0, status: 'ok', officialId: expect.any(String) },
				{ index: 1, status: 'error', error: expect.stringContaining('not found') },
			],
		});
		expect((await get(answer.body.results[0].officialId)).body.name).toBe('one');
	});

	it('refuses more than 50 entries, an empty batch and a non-array body', async () => {
		const group = await newGroup();
		const entries = Array.from({ length: 51 }, (_, i) => ({
			groupId: group.officialId,
			url: `https://example.com/${i}.png`,
		}));
		expect(await call(`${V1()}/assets/batch`, { json: entries })).toMatchObject({
			status: 400,
			body: { code: 'BATCH_TOO_LARGE' },
		});
		expect((await call(`${V1()}/assets/batch`, { json: entries.slice(0, 50) })).body.total).toBe(
			50,
		);
		expect((await call(`${V1()}/assets/batch`, { json: [] })).status).toBe(400);
		expect(
			(await call(`${V1()}/assets/batch`, { json: { groupId: group.officialId } })).status,
		).toBe(400);
	});

	it('serves an XLSX template and accepts it filled in', async () => {
		const template = await fetch(`${V1()}/assets/batch/template`, {
			headers: { authorization: 'Bearer demo-key' },
		});
		expect(template.headers.get('content-type')).toContain('spreadsheetml');
		expect(template.headers.get('content-disposition')).toContain('.xlsx');
		const rows = readXlsx(Buffer.from(await template.arrayBuffer()));
		expect(rows).toEqual([['groupId', 'url', 'name']]);
		const group = await newGroup();
		const filled = writeXlsx([
			...(rows as string[][]),
			[group.officialId, 'https://example.com/s.png', 'from sheet'],
			['', '', ''],
			[group.officialId, 'https://example.com/t.png'],
		]);
		const form = new FormData();
		form.append('file', new Blob([filled]), 'assets.xlsx');
		const answer = await call(`${V1()}/assets/batch`, { form });
		expect(answer.body).toMatchObject({
			total: 2,
			results: [
				{ index: 0, status: 'ok' },
				{ index: 1, status: 'ok' },
			],
		});
		expect((await get(answer.body.results[0].officialId)).body).toMatchObject({
			name: 'from sheet',
			imageUrl: 'https://example.com/s.png',
		});
	});

	it('accepts a CSV file and refuses a file that is no spreadsheet', async () => {
		const group = await newGroup();
		const csv = `groupId,url,name\n${group.officialId},https://example.com/c.png,"a, b"\n`;
		const form = new FormData();
		form.append('file', new Blob([csv]), 'assets.csv');
		const answer = await call(`${V1()}/assets/batch`, { form });
		expect((await get(answer.body.results[0].officialId)).body.name).toBe('a, b');
		const bad = new FormData();
		bad.append('file', new Blob([Buffer.from([0, 1, 2, 3])]), 'x.bin');
		expect((await call(`${V1()}/assets/batch`, { form: bad })).body.code).toBe(
			'INVALID_SPREADSHEET',
		);
	});
});
