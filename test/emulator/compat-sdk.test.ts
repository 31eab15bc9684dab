import type { RunningEmulator } from './index';
import { probeMedia } from './media/index';
import { call, control, download, reset, startFast, waitTerminal } from './test-helpers';

/**
 * What the provider's official Python SDK (`content_generation.tasks`) sends and reads, pointed at
 * the emulator's Task-Compatible Video API: unset options as null, either base URL, list filters,
 * `param` in errors, `updated_at` in tasks.
 */

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(() => emu.close());
beforeEach(() => reset(emu));

const MODEL = 'video-2-0-260128';
const FAST = 'video-2-0-fast-260128';
const TASKS = (root = '/v1') => `${emu.compatBaseUrl}${root}/contents/generations/tasks`;
const text = (t: string) => [{ type: 'text', text: t }];

/** Exactly what the SDK posted for a plain create (captured from its request). */
const SDK_CREATE_BODY =
	'{"model":"video-2-0-260128","content":[{"type":"text","text":"a red fox running through snow, cinematic"}],"safety_identifier":null,"callback_url":null,"return_last_frame":null,"service_tier":null,"execution_expires_after":null,"priority":null,"generate_audio":null,"draft":null,"camera_fixed":null,"watermark":null,"seed":null,"resolution":null,"ratio":null,"duration":null,"frames":null,"tools":null}';

async function created(json: unknown, root = '/v1') {
	const answer = await call(TASKS(root), { json });
	expect(answer.status).toBe(200);
	return answer.body.id as string;
}

describe('SDK create body', () => {
	it('takes every unset option as null ("not given"): a task of the default 5 s', async () => {
		const answer = await fetch(TASKS(), {
			method: 'POST',
			headers: { authorization: 'Bearer demo-key', 'content-type': 'application/json' },
			body: SDK_CREATE_BODY,
		});
		expect(answer.status).toBe(200);
		const { id } = (await answer.json()) as { id: string };
		const done = await waitTerminal(`${TASKS()}/${id}`);
		expect(done).toMatchObject({ status: 'succeeded', duration: 5, ratio: '16:9' });
		const media = probeMedia((await download(done.content[0].video_url.url)).bytes);
		expect(media).toMatchObject({ width: 1280, height: 720, seconds: 5 });
	});

	it('passes unknown top-level fields with values (the upstream format; the document forbids none)', async () => {
		const id = await created({
			model: MODEL,
			content: text('x'),
			safety_identifier: 'user-42',
			service_tier: 'default',
			seed: 7,
			camera_fixed: false,
		});
		expect((await waitTerminal(`${TASKS()}/${id}`)).status).toBe('succeeded');
	});
});

describe('base URL with or without /v1', () => {
	it('serves the task, asset and balance routes at the root as at /v1', async () => {
		const id = await created({ model: MODEL, content: text('root') }, '');
		expect((await call(`${TASKS('/v1')}/${id}`)).body.id).toBe(id);
		expect((await waitTerminal(`${TASKS('')}/${id}`)).status).toBe('succeeded');
		expect((await call(TASKS('')).then((a) => a.body)).items.map((t: any) => t.id)).toEqual([id]);
		const balance = await call(`${emu.compatBaseUrl}/me/balance`);
		expect(balance.body).toEqual({ balance: expect.any(String), markupRate: 1 });
		const group = await call(`${emu.compatBaseUrl}/assets/groups`, { json: { name: 'g' } });
		expect(group.status).toBe(200);
		const listed = await call(`${emu.compatBaseUrl}/v1/assets/groups`);
		expect(listed.body.map((g: any) => g.officialId)).toEqual([group.body.officialId]);
	});

	it('answers the compat error body at the root too', async () => {
		const answer = await call(TASKS(''), {
			json: { model: MODEL, content: text('x'), duration: 3 },
		});
		expect(answer.status).toBe(400);
		expect(answer.body.error).toMatchObject({ code: 'DURATION_OUT_OF_RANGE', param: 'duration' });
	});
});

describe('list filters', () => {
	async function threeTasks() {
		const ids = [
			await created({ model: MODEL, content: text('a') }),
			await created({ model: FAST, content: text('b') }),
			await created({ model: MODEL, content: text('c') }),
		];
		for (const id of ids) await waitTerminal(`${TASKS()}/${id}`);
		return ids;
	}
	const listed = async (query: string) => {
		const answer = await call(`${TASKS()}?${query}`);
		expect(answer.status).toBe(200);
		return answer.body.items.map((t: any) => t.id) as string[];
	};

	it('filter.task_ids: repeated keys (as the SDK sends a list) and comma-separated values', async () => {
		const [a, b, c] = await threeTasks();
		expect(await listed(`filter.task_ids=${a}`)).toEqual([a]);
		expect(await listed(`filter.task_ids=${a}&filter.task_ids=${c}`)).toEqual([c, a]);
		expect(await listed(`filter.task_ids=${b},${c}`)).toEqual([c, b]);
		expect(await listed(`filter[task_ids]=${b}`)).toEqual([b]);
		expect(await listed('filter.task_ids=cgt_unknown')).toEqual([]);
	});

	it('filter.model, alone and with filter.status', async () => {
		const [a, b, c] = await threeTasks();
		expect(await listed(`filter.model=${FAST}`)).toEqual([b]);
		expect(await listed(`filter.model=${MODEL}&filter.status=succeeded`)).toEqual([c, a]);
		expect(await listed(`filter.model=${MODEL}&filter.status=running`)).toEqual([]);
	});

	it.each(['filter.service_tier=default', 'filter[priority]=1', 'filter=x'])(
		'refuses a filter it does not implement (%s) with 400 naming it, never ignores it',
		async (query) => {
			const name = query.split('=')[0];
			const answer = await call(`${TASKS()}?${query}`);
			expect(answer.status).toBe(400);
			expect(answer.body.message).toContain(name);
			expect(answer.body.error).toMatchObject({ code: 'INVALID_PARAMETER', param: name });
		},
	);
});

describe('errors carry param', () => {
	it('names the field in error.param, beside code and message', async () => {
		const answer = await call(TASKS(), {
			json: { model: MODEL, content: text('x'), ratio: '2:1' },
		});
		expect(answer.body).toMatchObject({
			code: 'UNSUPPORTED_ASPECT_RATIO',
			path: 'ratio',
			error: { code: 'UNSUPPORTED_ASPECT_RATIO', message: expect.any(String), param: 'ratio' },
		});
		const paging = await call(`${TASKS()}?page_size=0`);
		expect(paging.body.error).toMatchObject({ code: 'INVALID_PARAMETER', param: 'page_size' });
		const group = await call(`${emu.compatBaseUrl}/v1/assets`, {
			json: { groupId: 'grp_missing', url: 'https://example.com/a.png' },
		});
		expect(group.body.error).toMatchObject({ code: 'GROUP_NOT_FOUND', param: 'groupId' });
	});

	it("names the content item's url of an unknown asset (its index in content)", async () => {
		const image = { type: 'image_url', image_url: { url: 'asset://missing' }, role: 'first_frame' };
		const answer = await call(TASKS(), { json: { model: MODEL, content: [...text('x'), image] } });
		expect(answer.status).toBe(400);
		expect(answer.body.error).toMatchObject({
			code: 'ASSET_NOT_FOUND',
			param: 'content[1].image_url.url',
		});
	});

	it('has no param where no field is concerned', async () => {
		const answer = await call(`${TASKS()}/cgt_missing`);
		expect(answer.status).toBe(404);
		expect(answer.body.error).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
	});
});

describe('updated_at', () => {
	it('is the creation time while running and the completion time once finished', async () => {
		await control(emu, '/settings', { taskDurationMs: 2100 });
		const answer = (await call(TASKS(), { json: { model: MODEL, content: text('x') } })).body;
		expect(answer.updated_at).toBe(answer.created_at);
		const running = (await call(`${TASKS()}/${answer.id}`)).body;
		expect(running).toMatchObject({ status: 'running', updated_at: answer.created_at });
		const done = await waitTerminal(`${TASKS()}/${answer.id}`);
		expect(done.updated_at - done.created_at).toBeGreaterThanOrEqual(2);
		expect(done.updated_at - done.created_at).toBeLessThanOrEqual(3);
	});
});
