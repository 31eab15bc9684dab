import type { RunningEmulator } from '../emulator';
import {
	addAccount,
	call,
	control,
	logged,
	reset,
	startFast,
	waitTerminal,
} from '../emulator/test-helpers';
import { makeImage } from '../emulator/media/index';
import { itemWithFiles, runWithFiles } from '../helpers/binary-items';
import { runWorkflow } from '../harness';
import { emulatorCredentials, FAST_WAIT, runSteps } from '../helpers/nodes';
import { chainWorkflow } from '../helpers/workflow';
import { COMPAT_MODEL as MODEL, COMPAT_TASKS as TASKS, compatNode } from './compat-helpers';

/** Compat Task, resource Task: Create (content, options, wait, download), Get, List, Wait; refusals before sending. */

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(() => emu.close());
beforeEach(() => reset(emu));

const create = (parameters: Record<string, unknown> = {}, extra = {}) =>
	compatNode(
		'Create',
		{
			resource: 'task',
			operation: 'create',
			model: MODEL,
			prompt: '={{ $json.prompt }}',
			...parameters,
		},
		extra,
	);
const submit = async (prompt: string, key?: string) =>
	(
		await call(`${emu.compatBaseUrl}${TASKS}`, {
			json: { model: MODEL, content: [{ type: 'text', text: prompt }] },
			key,
		})
	).body;
const media = (...rows: Array<Record<string, unknown>>) => ({
	media: { rows: rows.map((row) => ({ source: 'url', ...row })) },
});
const posted = async () => (await logged(emu, TASKS)).filter((entry) => entry.method === 'POST');

describe('Compat Task: Task Create', () => {
	test('builds content from the prompt and media rows, sends only the options added, and reports the task id', async () => {
		const run = await runSteps(
			emu,
			[
				create({
					...media(
						{ type: 'image_url', url: 'https://example.com/first.png', role: 'first_frame' },
						{ type: 'image_url', url: 'https://example.com/last.png', role: 'last_frame' },
					),
					options: {
						duration: 8,
						ratio: '9:16',
						resolution: '480p',
						generateAudio: false,
						watermark: true,
					},
				}),
			],
			{ items: [{ prompt: 'a kite over the sea' }] },
		);
		expect(run.status).toBe('success');
		const [item] = run.json('Create');
		expect(item).toMatchObject({
			id: expect.stringMatching(/^cgt/),
			status: 'running',
			model: MODEL,
		});
		const [request] = await posted();
		expect(request.body).toEqual({
			model: MODEL,
			content: [
				{ type: 'text', text: 'a kite over the sea' },
				{
					type: 'image_url',
					image_url: { url: 'https://example.com/first.png' },
					role: 'first_frame',
				},
				{
					type: 'image_url',
					image_url: { url: 'https://example.com/last.png' },
					role: 'last_frame',
				},
			],
			duration: 8,
			ratio: '9:16',
			resolution: '480p',
			generate_audio: false,
			watermark: true,
		});
	});

	test('a media row holding two URLs run together is INVALID_URL naming the row, and nothing is sent', async () => {
		const run = await runSteps(
			emu,
			[
				create(
					media({ type: 'image_url', url: 'https://example.com/a.pnghttps://example.com/b.png' }),
				),
			],
			{ items: [{ prompt: 'a kite' }] },
		);
		expect(run.status).toBe('error');
		expect(run.error?.message).toMatch(/^INVALID_URL: Media 1 URL holds several URLs run together/);
		expect(await posted()).toEqual([]);
	});

	test('automatic duration sends -1, web search a tools entry, and any model id is accepted as given', async () => {
		await runSteps(
			emu,
			[
				create({
					model: 'custom',
					customModel: 'video-2-0-fast-260128',
					options: { automaticDuration: true, webSearch: true },
				}),
			],
			{ items: [{ prompt: 'news of the day' }] },
		);
		const [request] = await posted();
		expect(request.body).toMatchObject({
			model: 'video-2-0-fast-260128',
			duration: -1,
			tools: [{ type: 'web_search' }],
		});
	});

	test('an image from a binary field is sent as a Base64 data URI', async () => {
		const png = makeImage('png', 8, 8);
		const run = await runWithFiles(
			emu,
			[
				create({
					...media({
						type: 'image_url',
						source: 'binary',
						binaryProperty: 'style',
						role: 'reference_image',
					}),
				}),
			],
			[
				itemWithFiles(
					[{ property: 'style', bytes: png, fileName: 'style.png', mimeType: 'image/png' }],
					{ prompt: 'in this style' },
				),
			],
		);
		expect(run.status).toBe('success');
		const [request] = await posted();
		expect(request.body.content[1]).toEqual({
			type: 'image_url',
			image_url: { url: `data:image/png;base64,${png.toString('base64')}` },
			role: 'reference_image',
		});
	});

	test.each([
		[
			'audio alone',
			media({ type: 'audio_url', url: 'https://example.com/a.mp3', role: 'reference_audio' }),
			'AUDIO_ONLY_NOT_SUPPORTED',
		],
		[
			'web search with media',
			{
				...media({ type: 'image_url', url: 'https://example.com/a.png' }),
				options: { webSearch: true },
			},
			'INVALID_MEDIA_COMBINATION',
		],
		['a duration out of range', { options: { duration: '={{ 40 }}' } }, 'DURATION_OUT_OF_RANGE'],
		[
			'a resolution the spec does not list',
			{ options: { resolution: '={{ "1080p" }}' } },
			'UNSUPPORTED_RESOLUTION',
		],
	])('%s is refused with the spec code before anything is sent', async (_, parameters, code) => {
		const run = await runSteps(emu, [create(parameters)], { items: [{ prompt: 'x' }] });
		expect(run.status).toBe('error');
		expect(run.error?.message).toMatch(new RegExp(`^${code}: `));
		expect(run.error?.description).toContain('Nothing was sent');
		expect(await posted()).toHaveLength(0);
	});

	test('with continueOnFail a bad item is an error item and the good one is still created', async () => {
		const row = {
			type: '={{ $json.type }}',
			url: 'https://example.com/m',
			role: '={{ $json.role }}',
		};
		const run = await runSteps(emu, [create(media(row), { onError: 'continueRegularOutput' })], {
			items: [
				{ prompt: 'bad', type: 'audio_url', role: 'reference_audio' },
				{ prompt: 'good', type: 'video_url', role: 'reference_video' },
			],
		});
		const [bad, good] = run.output('Create');
		expect(bad.json).toMatchObject({
			error: expect.stringMatching(/^AUDIO_ONLY_NOT_SUPPORTED/),
			taskCreated: 'no',
		});
		expect(bad.pairedItem).toEqual({ item: 0 });
		expect(good.json).toMatchObject({ id: expect.any(String), status: 'running' });
		expect(good.pairedItem).toEqual({ item: 1 });
		const sent = await posted();
		expect(sent.map((entry) => entry.body.content[0].text)).toEqual(['good']);
	});

	test('Wait for Completion with Download Result File outputs the succeeded task and its video', async () => {
		const run = await runSteps(
			emu,
			[create({ waitForCompletion: 'wait', download: true, ...FAST_WAIT })],
			{ items: [{ prompt: 'a lighthouse' }] },
		);
		expect(run.status).toBe('success');
		const [item] = run.json('Create');
		expect(item).toMatchObject({
			id: expect.any(String),
			status: 'succeeded',
			duration: 5,
			usage: { total_tokens: 108000 },
		});
		const video = await run.binary('Create');
		expect(video.mimeType).toBe('video/mp4');
		expect(video.data.subarray(4, 8).toString('latin1')).toBe('ftyp');
	});

	test("a failed task is reported with its id, the service's reason and what to do: it will not finish", async () => {
		const run = await runSteps(
			emu,
			[create({ waitForCompletion: 'wait', ...FAST_WAIT }, { onError: 'continueRegularOutput' })],
			{ items: [{ prompt: 'please [fail]' }] },
		);
		const [item] = run.json('Create');
		expect(item).toMatchObject({ id: expect.any(String), status: 'failed', taskCreated: 'yes' });
		expect(item.error).toContain('[fail]');
		expect(item.error).toContain(String(item.id));
		expect(item.errorDescription).toBe(
			'It failed and will not finish: fix what the service said, then run the item again (a new task).',
		);
	});

	test('a balance below 100 is refused with what to do, and nothing is created', async () => {
		const apiKey = await addAccount(emu, 'poor-key', { compatBalance: 50 });
		const run = await runSteps(emu, [create()], { items: [{ prompt: 'x' }], apiKey });
		expect(run.status).toBe('error');
		expect(run.error?.message).toContain('balance of at least 100');
		expect(run.error?.message).toContain('Top up');
		expect((await call(`${emu.compatBaseUrl}${TASKS}`, { key: apiKey })).body.total).toBe(0);
		const balance = await runSteps(
			emu,
			[compatNode('Balance', { resource: 'balance', operation: 'get' })],
			{ apiKey },
		);
		expect(balance.json('Balance')).toEqual([
			{
				balance: '50.0000',
				markupRate: 1,
				minimumBalance: 100,
				canSubmitTasks: false,
				advice:
					'The balance is below the 100 needed to submit a task: top up before creating tasks',
			},
		]);
	});
});

describe('Compat Task: Task Get, List, Wait', () => {
	const get = (parameters: Record<string, unknown> = {}, extra = {}) =>
		compatNode('Get', { resource: 'task', operation: 'get', ...parameters }, extra);

	test('Get reads a running task, then a succeeded one with its video and the link expiry', async () => {
		// Long enough that a busy machine's first Get still sees it running.
		await control(emu, '/settings', { taskDurationMs: 3_000 });
		const task = await submit('a boat');
		const running = await runSteps(emu, [get()], { items: [task] });
		expect(running.json('Get')).toEqual([
			expect.objectContaining({ id: task.id, status: 'running' }),
		]);
		await waitTerminal(`${emu.compatBaseUrl}${TASKS}/${task.id}`);
		const done = await runSteps(emu, [get({ download: true })], { items: [task] });
		const [item] = done.json('Get');
		expect(item).toMatchObject({ id: task.id, status: 'succeeded', resultLinkExpired: false });
		const expires = Date.parse(String(item.resultLinkExpiresAt));
		expect(expires - Number(item.updated_at) * 1000).toBe(24 * 3600 * 1000);
		expect((await done.binary('Get')).mimeType).toBe('video/mp4');
	});

	test('Get on a task older than 24 hours says the link expired and downloads nothing', async () => {
		const task = await submit('old');
		const dayAndAHourAgo = Math.floor(Date.now() / 1000) - 25 * 3600;
		const old = {
			id: task.id,
			model: MODEL,
			status: 'succeeded',
			created_at: dayAndAHourAgo - 60,
			updated_at: dayAndAHourAgo,
			content: [{ type: 'video_url', video_url: { url: `${emu.url}/files/expired.mp4` } }],
		};
		await control(emu, '/faults', {
			path: `${TASKS}/${task.id}`,
			status: 200,
			body: old,
			count: 2,
		});
		const plain = await runSteps(emu, [get()], { items: [task] });
		expect(plain.json('Get')[0]).toMatchObject({
			resultLinkExpired: true,
			resultLinkExpiresAt: new Date((dayAndAHourAgo + 86400) * 1000).toISOString(),
		});
		const run = await runSteps(emu, [get({ download: true })], { items: [task] });
		expect(run.status).toBe('error');
		expect(run.error?.message).toContain(`Task ${task.id}: its result link expired at`);
		expect(run.error?.description).toContain('create the task again');
		expect(await logged(emu, '/files/expired.mp4')).toHaveLength(0);
	});

	test('Get with Download refuses a page served instead of the video, and saves nothing', async () => {
		const task = await submit('a page instead');
		await new Promise((resolve) => setTimeout(resolve, 500));
		await control(emu, '/faults', {
			path: '/files/*',
			status: 200,
			body: '<html>This link has expired</html>',
		});
		const run = await runSteps(
			emu,
			[get({ download: true }, { onError: 'continueRegularOutput' })],
			{ items: [task] },
		);
		const [item] = run.output('Get');
		expect(item.json.error).toMatch(/^The file host sent .* instead of a video file$/);
		expect(item.binary).toBeUndefined();
		expect(item.pairedItem).toEqual({ item: 0 });
	});

	test('List pages with Return All and Limit, and filters by status', async () => {
		for (let index = 0; index < 23; index++)
			await submit(index === 0 ? 'x [fail]' : `shot ${index}`);
		await new Promise((resolve) => setTimeout(resolve, 500));
		const list = (parameters: Record<string, unknown>) =>
			compatNode('List', { resource: 'task', operation: 'list', ...parameters });
		const all = await runSteps(emu, [list({ returnAll: true })]);
		expect(all.json('List')).toHaveLength(23);
		expect(new Set(all.json('List').map((task) => task.id)).size).toBe(23);
		const pages = (await logged(emu, TASKS)).filter((entry) => entry.method === 'GET');
		expect(pages.map((entry) => [entry.query.page_num, entry.query.page_size])).toEqual([
			['1', '20'],
			['2', '20'],
		]);
		const limited = await runSteps(emu, [list({ returnAll: false, limit: 3 })]);
		expect(limited.json('List')).toHaveLength(3);
		const failed = await runSteps(emu, [list({ returnAll: true, status: 'failed' })]);
		expect(failed.json('List')).toEqual([expect.objectContaining({ status: 'failed' })]);
	});

	test('Wait sends succeeded tasks to Succeeded and failed ones to Incomplete', async () => {
		const ok = await submit('fine');
		const bad = await submit('please [fail]');
		const run = await runSteps(
			emu,
			[compatNode('Wait', { resource: 'task', operation: 'wait', download: true, ...FAST_WAIT })],
			{
				items: [{ ...ok, shot: 'first' }, bad],
			},
		);
		const [succeeded] = run.output('Wait', 0);
		const [failed] = run.output('Wait', 1);
		expect(succeeded.json).toMatchObject({
			id: ok.id,
			shot: 'first',
			status: 'succeeded',
			outcome: 'succeeded',
		});
		expect(succeeded.binary?.data?.mimeType).toBe('video/mp4');
		expect(failed.json).toMatchObject({
			id: bad.id,
			status: 'failed',
			outcome: 'failed',
			error: expect.stringContaining('[fail]'),
		});
		expect(failed.pairedItem).toEqual({ item: 1 });
	});

	test('an item Create skipped (made in an earlier run) passes Wait to Incomplete as skipped, no error', async () => {
		const made = create({ batchOptions: { skipCreated: true } }, { id: 'compat-create-skip' });
		const items = [{ prompt: 'made before' }, { prompt: 'made now' }];
		await runSteps(emu, [made], { items: [items[0]] });
		const waitStep = compatNode('Wait', { resource: 'task', operation: 'wait', ...FAST_WAIT });
		const run = await runSteps(emu, [made, waitStep], { items });
		expect(run.status).toBe('success');
		const [done] = run.output('Wait', 0);
		const [skipped] = run.output('Wait', 1);
		expect(done.pairedItem).toEqual({ item: 1 });
		expect(done.json).toMatchObject({ status: 'succeeded', outcome: 'succeeded' });
		expect(skipped.pairedItem).toEqual({ item: 0 });
		expect(skipped.json).toMatchObject({ skipped: true, outcome: 'skipped' });
		expect(skipped.json.error).toBeUndefined();
	});

	test('Stop ends a Wait at its default 10 s cadence at once: no check after the stop', async () => {
		await control(emu, '/settings', { taskDurationMs: 60_000 });
		const task = await submit('slow');
		const wait = compatNode('Wait', { resource: 'task', operation: 'wait' });
		const run = await runWorkflow(chainWorkflow([wait]), {
			credentials: emulatorCredentials(emu),
			items: [task],
			cancelAfterMs: 500,
		});
		expect(run.status).toBe('canceled');
		const checks = (await logged(emu, `${TASKS}/${task.id}`)).length;
		expect(checks).toBe(1);
	});
});
