/**
 * Upload Asset sends each upload once per node run and reports every asset it created (docs/architecture.md, Promises:
 * Money, Nothing lost), on the real n8n-core engine against the emulator. n8n's Retry On Fail
 * re-runs a node that throws or whose first output item carries `error`: such a re-run must not
 * upload the files again, and a failure after some uploads must not hide the assets they created.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RunningEmulator } from '../emulator';
import { makeImage } from '../emulator/media';
import { call, control, logged, reset, startFast } from '../emulator/test-helpers';
import type { RunResult } from '../harness';
import { itemWithFiles, runWithFiles } from '../helpers/binary-items';
import type { TestFile } from '../helpers/binary-items';
import { runSteps } from '../helpers/nodes';
import { packageNode } from '../helpers/workflow';

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(() => emu.close());
beforeEach(() => reset(emu));

const UPLOAD = '/api/v1/assets/upload';
const RETRY = { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 };
const NAMES = ['one', 'two', 'three'];
const FAST_REVIEW = {
	waitOptions: { pollIntervalSeconds: 0.2, maxPollIntervalSeconds: 0.25, timeoutMinutes: 1 },
};

const png: TestFile = {
	property: 'data',
	bytes: makeImage('png', 64, 48),
	fileName: 'photo.png',
	mimeType: 'image/png',
};

type Fault = { status: number } | { drop: true } | { malformed: true };
const REFUSED: Fault = { status: 400 };
const DROPPED: Fault = { drop: true };

/** The first two uploads to arrive go through (a pure delay), the third gets `fault`. */
const faultOnThird = (fault: Fault) =>
	control(emu, '/faults', [
		{ path: UPLOAD, count: 2, delayMs: 1 },
		{ path: UPLOAD, ...fault },
	]);

const uploadAsset = (parameters: Record<string, unknown>, extra = {}) =>
	packageNode(
		'Upload Asset',
		'uploadAsset',
		{ operation: 'upload', name: '={{ $json.name }}', ...parameters },
		extra,
	);

/** Three items of the given source, named one, two, three. */
function runThree(
	source: 'binary' | 'url',
	parameters: Record<string, unknown> = {},
	extra = {},
): Promise<RunResult> {
	if (source === 'binary')
		return runWithFiles(
			emu,
			[uploadAsset(parameters, extra)],
			NAMES.map((name) => itemWithFiles([png], { name })),
		);
	const url = { source: 'url', url: '={{ $json.url }}', type: 'IMAGE', ...parameters };
	return runSteps(emu, [uploadAsset(url, extra)], {
		items: NAMES.map((name) => ({ name, url: `https://cdn.example.com/${name}.png` })),
	});
}

/** The name of each upload the emulator received, and which of them the fault answered. */
async function uploads() {
	const entries = (await logged(emu, UPLOAD)) as Array<{
		body: { name?: string; fields?: { name?: string } };
		fault?: string;
	}>;
	return entries.map((entry) => ({
		name: entry.body.name ?? entry.body.fields?.name,
		faulted: entry.fault !== undefined && entry.fault !== 'delay',
	}));
}

/** The asset the service holds under this id (its status endpoint), or undefined. */
async function stored(assetId: unknown) {
	const { status, body } = await call(
		`${emu.unifiedBaseUrl}/assets/status?assetId=${String(assetId)}`,
	);
	return status === 200 ? (body as IDataObject) : undefined;
}

/** Checks the two created assets and the failed one, by the upload the fault answered. */
async function expectTwoCreated(items: IDataObject[], failedCreated: 'no' | 'unknown') {
	const sent = await uploads();
	expect(sent).toHaveLength(3);
	const failedName = sent.find((entry) => entry.faulted)?.name;
	const failed = items.find(
		(item) => item.name === failedName || (item.assetId === undefined && item.error),
	);
	expect(failed).toMatchObject({ assetCreated: failedCreated, error: expect.any(String) });
	const created = items.filter((item) => item !== failed);
	expect(created).toHaveLength(2);
	for (const item of created) {
		expect(item).toMatchObject({
			assetCreated: 'yes',
			assetId: expect.anything(),
			assetUri: expect.stringMatching(/^asset:\/\//),
		});
		expect(await stored(item.assetId)).toMatchObject({ name: item.name });
	}
	return failed!;
}

describe('Upload Asset: one upload per item per node run', () => {
	test.each(['binary', 'url'] as const)(
		'Retry On Fail (%s): a 400 on the third upload sends no upload again, and both created assets are reported',
		async (source) => {
			await faultOnThird(REFUSED);
			const run = await runThree(source, {}, RETRY);
			expect(run.status).toBe('success');
			expect(run.runData['Upload Asset']).toHaveLength(1);
			const items = run.json('Upload Asset');
			expect(run.output('Upload Asset').map((item) => item.pairedItem)).toEqual([
				{ item: 0 },
				{ item: 1 },
				{ item: 2 },
			]);
			const failed = await expectTwoCreated(items, 'no');
			expect(failed.error).toMatch(/Injected fault|400/);
			expect(run.runData['Upload Asset'][0].hints?.[0]?.message).toMatch(
				/^1 of 3 items failed .*assets were created/,
			);
		},
	);

	test("Retry On Fail: when the first item is the one that failed, the warning outlives n8n's re-run", async () => {
		await control(emu, '/faults', { path: UPLOAD, bodyIncludes: 'one', status: 400 });
		const run = await runThree('url', {}, RETRY);
		expect(run.status).toBe('success');
		expect((await uploads()).find((upload) => upload.faulted)?.name).toBe('one');
		expect(run.json('Upload Asset')[0]).toMatchObject({
			assetCreated: 'no',
			error: expect.any(String),
		});
		await expectTwoCreated(run.json('Upload Asset'), 'no');
		expect(run.runData['Upload Asset'][0].hints?.[0]?.message).toMatch(
			/^1 of 3 items failed .*assets were created/,
		);
	});

	test('without Retry On Fail, a 400 after two uploads does not stop the workflow: both assets are reported with their ids', async () => {
		await faultOnThird(REFUSED);
		const run = await runThree('binary');
		expect(run.status).toBe('success');
		await expectTwoCreated(run.json('Upload Asset'), 'no');
	});

	test.each<['binary' | 'url', string, Fault]>([
		['binary', 'a dropped connection', DROPPED],
		['url', 'a dropped connection', DROPPED],
		['binary', 'an unreadable 2xx', { malformed: true }],
		['url', 'a 502', { status: 502 }],
	])(
		'(%s) %s on the third upload is assetCreated "unknown" and is not sent again, under Retry On Fail too',
		async (source, _what, fault) => {
			await faultOnThird(fault);
			const run = await runThree(source, {}, RETRY);
			expect(run.status).toBe('success');
			const failed = await expectTwoCreated(run.json('Upload Asset'), 'unknown');
			expect(`${String(failed.error)} ${String(failed.errorDescription)}`).toMatch(
				/may have created/,
			);
			expect(`${String(failed.error)} ${String(failed.errorDescription)}`).not.toMatch(
				/then retry/i,
			);
		},
	);

	test("every upload unclear: the workflow stops naming each, and n8n's re-runs send nothing again", async () => {
		await control(emu, '/faults', { path: UPLOAD, drop: true, count: 3 });
		const run = await runThree('url', {}, RETRY);
		expect(run.status).toBe('error');
		expect(await uploads()).toHaveLength(3);
		expect(run.error?.message).toBe('All 3 items failed');
		expect(run.error?.description).toMatch(/^Items 1, 2, 3: .*may have/);
		expect(run.error?.description).toContain("check the service's asset list");
	});

	test('every upload unclear under Continue On Fail: each item says its asset may exist', async () => {
		await control(emu, '/faults', { path: UPLOAD, drop: true, count: 3 });
		const run = await runThree('url', {}, { onError: 'continueRegularOutput' });
		expect(run.status).toBe('success');
		expect(run.json('Upload Asset').map((item) => item.assetCreated)).toEqual([
			'unknown',
			'unknown',
			'unknown',
		]);
	});

	test('Retry On Fail with Continue On Fail: an error on the first item does not make n8n upload the others again', async () => {
		await control(emu, '/faults', { path: UPLOAD, status: 400 });
		const run = await runSteps(
			emu,
			[
				uploadAsset(
					{ source: 'url', url: '={{ $json.url }}', type: 'IMAGE' },
					{ ...RETRY, onError: 'continueRegularOutput' },
				),
			],
			{
				items: NAMES.map((name) => ({ name, url: `https://cdn.example.com/${name}.png` })),
			},
		);
		expect(await uploads()).toHaveLength(3);
		const items = run.json('Upload Asset');
		expect(items.filter((item) => item.assetCreated === 'yes')).toHaveLength(2);
		expect(items.filter((item) => item.assetCreated === 'no')).toHaveLength(1);
	});

	test('when every upload is clearly refused nothing exists, so the node stops the workflow', async () => {
		await control(emu, '/faults', { path: UPLOAD, status: 400, count: 3 });
		const run = await runThree('url');
		expect(run.status).toBe('error');
		expect(run.error?.message).toMatch(/Injected fault|400/);
		expect(await uploads()).toHaveLength(3);
	});

	test('with Wait for Review, the failed upload goes to Not Active with assetCreated "no"; the created assets are reviewed', async () => {
		await faultOnThird(REFUSED);
		const run = await runThree('binary', { waitForReview: true, ...FAST_REVIEW }, RETRY);
		expect(run.status).toBe('success');
		expect(await uploads()).toHaveLength(3);
		const active = run.json('Upload Asset', 0);
		expect(active).toHaveLength(2);
		expect(active.every((item) => item.status === 'ACTIVE' && item.assetCreated === 'yes')).toBe(
			true,
		);
		expect(run.json('Upload Asset', 1)).toEqual([
			expect.objectContaining({ assetCreated: 'no', error: expect.any(String) }),
		]);
	});
});
