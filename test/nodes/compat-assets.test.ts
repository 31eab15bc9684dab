import type { RunningEmulator } from '../emulator';
import { call, control, logged, reset, startFast } from '../emulator/test-helpers';
import { readXlsx, writeXlsx, XLSX_MIME } from '../emulator/spreadsheet/xlsx';
import { itemWithFiles, runWithFiles } from '../helpers/binary-items';
import { runSteps } from '../helpers/nodes';
import { byId, compatNode, newAsset, newGroup } from './compat-helpers';

/** Compat Task, resources Asset, Asset Group, Asset Template: every operation against the emulator. */

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(() => emu.close());
beforeEach(() => reset(emu));

const V1 = () => `${emu.compatBaseUrl}/v1`;
const asset = (operation: string, parameters: Record<string, unknown> = {}, extra = {}) =>
	compatNode('Asset', { resource: 'asset', operation, ...parameters }, extra);
const FAST_REVIEW = {
	waitOptions: { pollIntervalSeconds: 0.2, maxPollIntervalSeconds: 0.25, timeoutMinutes: 1 },
};

describe('Compat Task: Asset Group', () => {
	test('Create makes a group; List returns each group with its asset count', async () => {
		const created = await runSteps(emu, [
			compatNode('Group', {
				resource: 'assetGroup',
				operation: 'create',
				groupName: 'products',
				groupDescription: 'shop',
			}),
		]);
		const [group] = created.json('Group');
		expect(group).toMatchObject({ officialId: expect.any(String), name: 'products' });
		expect((await logged(emu, '/v1/assets/groups'))[0].body).toEqual({
			name: 'products',
			description: 'shop',
		});
		await newAsset(emu, String(group.officialId));
		const listed = await runSteps(emu, [
			compatNode('Groups', { resource: 'assetGroup', operation: 'list' }),
		]);
		expect(listed.json('Groups')).toEqual([
			expect.objectContaining({ officialId: group.officialId, name: 'products', assetCount: 1 }),
		]);
	});
});

describe('Compat Task: Asset', () => {
	test('Create, Get and Delete by officialId; a deleted asset is not found', async () => {
		const group = await newGroup(emu, 'g');
		const created = await runSteps(emu, [
			asset('create', {
				groupId: byId(group.officialId),
				url: 'https://example.com/cat.png',
				name: 'cat',
			}),
		]);
		const [made] = created.json('Asset');
		expect(made).toMatchObject({
			officialId: expect.any(String),
			name: 'cat',
			status: 'Processing',
			imageUrl: 'https://example.com/cat.png',
		});
		const read = await runSteps(emu, [asset('get')], { items: [made] });
		expect(read.json('Asset')[0]).toMatchObject({ officialId: made.officialId, name: 'cat' });
		const deleted = await runSteps(emu, [asset('delete')], { items: [made] });
		expect(deleted.json('Asset')).toEqual([
			expect.objectContaining({ officialId: made.officialId, deleted: true }),
		]);
		const gone = await runSteps(emu, [asset('get', {}, { onError: 'continueRegularOutput' })], {
			items: [made],
		});
		expect(gone.json('Asset')[0].error).toContain('Not found');
	});

	test('Create refuses a missing url with the code before anything is sent', async () => {
		const group = await newGroup(emu, 'g');
		const run = await runSteps(
			emu,
			[asset('create', { groupId: byId(group.officialId), url: '={{ $json.url }}' })],
			{ items: [{ url: '' }] },
		);
		expect(run.status).toBe('error');
		expect(run.error?.message).toMatch(/^INVALID_URL: /);
		expect(await logged(emu, '/v1/assets')).toHaveLength(0);
	});

	test('Wait for Review sends Active assets to the first output and Failed ones to the second', async () => {
		const group = await newGroup(emu, 'g');
		const good = await newAsset(emu, group.officialId, 'good');
		const bad = await newAsset(emu, group.officialId, 'bad [reject]');
		const run = await runSteps(emu, [asset('waitForReview', FAST_REVIEW)], { items: [good, bad] });
		expect(run.json('Asset', 0)).toEqual([
			expect.objectContaining({
				officialId: good.officialId,
				status: 'Active',
				outcome: 'succeeded',
			}),
		]);
		const [failed] = run.output('Asset', 1);
		expect(failed.json).toMatchObject({
			officialId: bad.officialId,
			status: 'Failed',
			outcome: 'failed',
		});
		expect(failed.json.error).toContain('rejected by review');
		expect(failed.pairedItem).toEqual({ item: 1 });
	});

	test('Wait for Review passes an item a Create node skipped to its second output (outcome skipped), no error', async () => {
		const group = await newGroup(emu, 'g');
		const good = await newAsset(emu, group.officialId, 'good');
		const skippedRow = { skipped: true, prompt: 'row 1' };
		const run = await runSteps(emu, [asset('waitForReview', FAST_REVIEW)], {
			items: [skippedRow, good],
		});
		expect(run.status).toBe('success');
		expect(run.json('Asset', 0)).toEqual([
			expect.objectContaining({ officialId: good.officialId, outcome: 'succeeded' }),
		]);
		const [skipped] = run.output('Asset', 1);
		expect(skipped.pairedItem).toEqual({ item: 0 });
		expect(skipped.json).toEqual({ ...skippedRow, outcome: 'skipped' });
	});

	test('Wait for Review reports an asset still Processing at the timeout on the second output', async () => {
		await call(`${emu.url}/__control/settings`, { key: null, json: { reviewDurationMs: 60_000 } });
		const group = await newGroup(emu, 'g');
		const slow = await newAsset(emu, group.officialId, 'slow');
		const run = await runSteps(
			emu,
			[asset('waitForReview', { waitOptions: { pollIntervalSeconds: 0.2, timeoutMinutes: 0.01 } })],
			{ items: [slow] },
		);
		expect(run.output('Asset', 0)).toHaveLength(0);
		const [late] = run.json('Asset', 1);
		expect(late).toMatchObject({
			officialId: slow.officialId,
			status: 'Processing',
			outcome: 'timedOut',
		});
		expect(late.error).toBe('Still Processing after 1 s: wait again later, or raise the timeout');
	});

	test('List filters by group and status, pages with Return All and stops at Limit', async () => {
		const [a, b] = [await newGroup(emu, 'a'), await newGroup(emu, 'b')];
		for (let index = 0; index < 22; index++) await newAsset(emu, a.officialId, `a${index}`);
		await newAsset(emu, b.officialId, 'b [reject]');
		const list = (parameters: Record<string, unknown>) =>
			asset('list', { groupId: byId(''), ...parameters });
		const all = await runSteps(emu, [list({ groupId: byId(a.officialId), returnAll: true })]);
		expect(all.json('Asset')).toHaveLength(22);
		expect(all.json('Asset').every((entry) => entry.groupId === a.officialId)).toBe(true);
		const limited = await runSteps(emu, [list({ limit: 5 })]);
		expect(limited.json('Asset')).toHaveLength(5);
		await new Promise((resolve) => setTimeout(resolve, 300));
		const failed = await runSteps(emu, [list({ returnAll: true, status: 'Failed' })]);
		expect(failed.json('Asset')).toEqual([
			expect.objectContaining({ name: 'b [reject]', status: 'Failed' }),
		]);
	});
});

describe('Compat Task: Asset Batch Create and Template', () => {
	test('from input items: chunks of 50, each result mapped back to its item', async () => {
		const group = await newGroup(emu, 'bulk');
		const items = Array.from({ length: 53 }, (_, index) => ({
			groupId: index === 51 ? 'group_missing' : group.officialId,
			url: `https://example.com/${index}.png`,
			name: `n${index}`,
		}));
		const run = await runSteps(
			emu,
			[
				asset('batchCreate', {
					source: 'items',
					groupId: byId('={{ $json.groupId }}'),
					url: '={{ $json.url }}',
					name: '={{ $json.name }}',
				}),
			],
			{ items },
		);
		const output = run.output('Asset');
		expect(output).toHaveLength(53);
		expect(output.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
		const requests = await logged(emu, '/v1/assets/batch');
		expect(requests.map((entry) => entry.body.length)).toEqual([50, 3]);
		expect(output[0].json).toMatchObject({
			status: 'ok',
			index: 0,
			name: 'n0',
			officialId: expect.any(String),
		});
		expect(output[51].json).toMatchObject({
			status: 'error',
			index: 1,
			name: 'n51',
			error: expect.stringContaining('not found'),
		});
		expect(output[52].json).toMatchObject({ status: 'ok', index: 2, name: 'n52' });
		const read = await call(`${V1()}/assets/${String(output[52].json.officialId)}`);
		expect(read.body.name).toBe('n52');
	});

	test('from input items: a bad entry fails before anything is sent; under continueOnFail only that item fails', async () => {
		const group = await newGroup(emu, 'bulk');
		const items = [
			{ url: 'https://example.com/1.png' },
			{ url: '' },
			{ url: 'https://example.com/3.png' },
		];
		const batch = (extra = {}) =>
			asset(
				'batchCreate',
				{ source: 'items', groupId: byId(group.officialId), url: '={{ $json.url }}' },
				extra,
			);
		const stopped = await runSteps(emu, [batch()], { items });
		expect(stopped.status).toBe('error');
		expect(stopped.error?.message).toMatch(/^INVALID_URL: /);
		expect(await logged(emu, '/v1/assets/batch')).toHaveLength(0);
		const kept = await runSteps(emu, [batch({ onError: 'continueRegularOutput' })], { items });
		const output = kept.output('Asset');
		expect(output.map((item) => [item.pairedItem, item.json.status ?? 'refused'])).toEqual([
			[{ item: 0 }, 'ok'],
			[{ item: 1 }, 'refused'],
			[{ item: 2 }, 'ok'],
		]);
		expect(output[1].json.error).toMatch(/^INVALID_URL: /);
		const [request] = await logged(emu, '/v1/assets/batch');
		expect(request.body.map((entry: { url: string }) => entry.url)).toEqual([
			'https://example.com/1.png',
			'https://example.com/3.png',
		]);
	});

	test('from a spreadsheet in a binary field: sent as multipart, the batch results come back', async () => {
		const group = await newGroup(emu, 'sheet');
		const sheet = writeXlsx(
			[
				['groupId', 'url', 'name'],
				[group.officialId, 'https://example.com/1.png', 'one'],
				[group.officialId, 'https://example.com/2.png', 'two'],
			],
			'assets',
		);
		const run = await runWithFiles(
			emu,
			[asset('batchCreate', { source: 'spreadsheet', spreadsheetProperty: 'sheet' })],
			[
				itemWithFiles([
					{ property: 'sheet', bytes: sheet, fileName: 'assets.xlsx', mimeType: XLSX_MIME },
				]),
			],
		);
		expect(run.status).toBe('success');
		const [answer] = run.json('Asset');
		expect(answer).toMatchObject({
			total: 2,
			results: [
				{ index: 0, status: 'ok' },
				{ index: 1, status: 'ok' },
			],
		});
		const [request] = await logged(emu, '/v1/assets/batch');
		expect(request.body.files).toEqual([
			expect.objectContaining({ field: 'file', filename: 'assets.xlsx' }),
		]);
		const listed = await call(`${V1()}/assets?groupId=${group.officialId}`);
		expect(listed.body.items.map((entry: { name: string }) => entry.name).sort()).toEqual([
			'one',
			'two',
		]);
	});

	test('a missing spreadsheet field says what to fix and sends nothing', async () => {
		const run = await runSteps(emu, [
			asset('batchCreate', { source: 'spreadsheet', spreadsheetProperty: 'table' }),
		]);
		expect(run.status).toBe('error');
		expect(run.error?.message).toBe('The input item has no binary field "table"');
		expect(await logged(emu, '/v1/assets/batch')).toHaveLength(0);
	});

	test('Asset Template downloads the batch spreadsheet into binary data', async () => {
		const run = await runSteps(emu, [
			compatNode('Template', { resource: 'assetTemplate', operation: 'download' }),
		]);
		expect(run.status).toBe('success');
		const file = await run.binary('Template');
		expect(file.fileName).toBe('assets-batch-template.xlsx');
		expect(file.mimeType).toBe(XLSX_MIME);
		expect(readXlsx(file.data)).toEqual([['groupId', 'url', 'name']]);
	});

	test('Asset Template with a bad key says to check the API key, and the key is not shown', async () => {
		const run = await runSteps(
			emu,
			[compatNode('Template', { resource: 'assetTemplate', operation: 'download' })],
			{ apiKey: 'wrong-secret-key' },
		);
		expect(run.status).toBe('error');
		expect(run.error?.message).toContain('check the API key');
		expect(JSON.stringify(run.error)).not.toContain('wrong-secret-key');
	});
});

describe('Compat Task: each asset create is sent once per node run, and every created asset is reported', () => {
	const RETRY = { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 };
	const CREATE = '/v1/assets';
	const BATCH = '/v1/assets/batch';
	const fromItems = {
		groupId: byId('={{ $json.groupId }}'),
		url: '={{ $json.url }}',
		name: '={{ $json.name }}',
	};
	const three = (groupId: string) =>
		['one', 'two', 'three'].map((name) => ({
			groupId,
			name,
			url: `https://example.com/${name}.png`,
		}));
	const stored = async (officialId: unknown) =>
		(await call(`${V1()}/assets/${String(officialId)}`)).body as { name?: string };

	test.each<[string, Record<string, unknown>, string]>([
		['a 400', { status: 400 }, 'no'],
		['a dropped connection', { drop: true }, 'unknown'],
		['an answer without officialId', { status: 200, body: { status: 'Processing' } }, 'unknown'],
	])(
		'Create under Retry On Fail, %s on the third: three requests in all, both created assets reported with their ids',
		async (_what, fault, created) => {
			const group = await newGroup(emu, 'once');
			await control(emu, '/faults', [
				{ path: CREATE, method: 'POST', count: 2, delayMs: 1 },
				{ path: CREATE, method: 'POST', ...fault },
			]);
			const run = await runSteps(emu, [asset('create', fromItems, RETRY)], {
				items: three(group.officialId),
			});
			expect(run.status).toBe('success');
			expect(await logged(emu, CREATE)).toHaveLength(3);
			const items = run.json('Asset');
			expect(items.slice(0, 2)).toEqual(
				['one', 'two'].map((name) =>
					expect.objectContaining({ name, assetCreated: 'yes', officialId: expect.any(String) }),
				),
			);
			for (const item of items.slice(0, 2))
				expect((await stored(item.officialId)).name).toBe(item.name);
			expect(items[2]).toMatchObject({ assetCreated: created, error: expect.any(String) });
			expect(run.runData.Asset[0].hints?.[0]?.message).toMatch(
				/^1 of 3 items failed .*assets were created/,
			);
		},
	);

	test('Batch Create from items under Retry On Fail: a dropped request is sent once, and every item failing stops the workflow saying the assets may exist', async () => {
		const group = await newGroup(emu, 'once');
		await control(emu, '/faults', { path: BATCH, drop: true });
		const run = await runSteps(
			emu,
			[asset('batchCreate', { source: 'items', ...fromItems }, RETRY)],
			{ items: three(group.officialId) },
		);
		expect(run.status).toBe('error');
		expect(await logged(emu, BATCH)).toHaveLength(1);
		expect(run.error?.message).toBe('All 3 items failed');
		expect(run.error?.description).toMatch(/^Items 1, 2, 3: .*may have created/);
		expect(run.error?.description).toContain('On Error → Continue');
		await control(emu, '/faults', { path: BATCH, drop: true });
		const kept = await runSteps(
			emu,
			[
				asset(
					'batchCreate',
					{ source: 'items', ...fromItems },
					{ onError: 'continueRegularOutput' },
				),
			],
			{ items: three(group.officialId) },
		);
		const items = kept.json('Asset');
		expect(items.map((item) => item.assetCreated)).toEqual(['unknown', 'unknown', 'unknown']);
		expect(`${String(items[0].error)} ${String(items[0].errorDescription)}`).toMatch(
			/may have created/,
		);
	});

	test('Batch Create from items under Retry On Fail: an entry the service refuses (the first) does not make n8n send the batch again', async () => {
		const group = await newGroup(emu, 'once');
		const items = three(group.officialId).map((entry, index) =>
			index === 0 ? { ...entry, groupId: 'group_missing' } : entry,
		);
		const run = await runSteps(
			emu,
			[asset('batchCreate', { source: 'items', ...fromItems }, RETRY)],
			{ items },
		);
		expect(run.status).toBe('success');
		expect(await logged(emu, BATCH)).toHaveLength(1);
		const [refused, ...created] = run.json('Asset');
		expect(refused).toMatchObject({
			status: 'error',
			assetCreated: 'no',
			error: expect.stringContaining('not found'),
		});
		expect(created).toEqual(
			['two', 'three'].map((name) =>
				expect.objectContaining({
					name,
					status: 'ok',
					assetCreated: 'yes',
					officialId: expect.any(String),
				}),
			),
		);
		const listed = await call(`${V1()}/assets?groupId=${group.officialId}`);
		expect(listed.body.items).toHaveLength(2);
	});

	test('Batch Create from a spreadsheet under Retry On Fail: a dropped request is sent once, and its one item failing stops the workflow', async () => {
		const group = await newGroup(emu, 'sheet');
		await control(emu, '/faults', { path: BATCH, drop: true });
		const sheet = writeXlsx(
			[
				['groupId', 'url', 'name'],
				[group.officialId, 'https://example.com/1.png', 'one'],
			],
			'assets',
		);
		const run = await runWithFiles(
			emu,
			[asset('batchCreate', { source: 'spreadsheet', spreadsheetProperty: 'sheet' }, RETRY)],
			[
				itemWithFiles([
					{ property: 'sheet', bytes: sheet, fileName: 'assets.xlsx', mimeType: XLSX_MIME },
				]),
			],
		);
		expect(run.status).toBe('error');
		expect(await logged(emu, BATCH)).toHaveLength(1);
		expect(run.error?.message).toMatch(/may have created/);
		expect(run.error?.description).toContain('On Error → Continue');
	});
});

describe('Compat Task: Balance', () => {
	test('Get reads the balance and markup rate, and says a task can be submitted', async () => {
		const run = await runSteps(emu, [
			compatNode('Balance', { resource: 'balance', operation: 'get' }),
		]);
		expect(run.json('Balance')).toEqual([
			{ balance: '1000.0000', markupRate: 1, minimumBalance: 100, canSubmitTasks: true },
		]);
	});
});
