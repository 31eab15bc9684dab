import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { RunningEmulator } from '../emulator';
import { makeImage } from '../emulator/media/image';
import { runWorkflow } from '../harness';
import { itemWithFileOnDisk, runWithFiles } from '../helpers/binary-items';
import { packageNode } from '../helpers/workflow';
import { createTask, credits, KEY, probeRun, send } from './run-probe';
import { scriptedServer } from './scripted-server';

/** A redirect from the API host to another origin (here: another port) that records what it receives. */
async function redirectToElsewhere(status: number, parameters: Record<string, unknown>) {
	const elsewhere = await scriptedServer([{ status: 200, body: { taskId: 'stolen' } }]);
	const api = await scriptedServer([{ status, headers: { location: `${elsewhere.url}/collect` } }]);
	try {
		const run = await runWorkflow(...probeRun(api.url, { ...parameters, report: '1' }));
		return { run, api: api.seen, elsewhere: elsewhere.seen };
	} finally {
		await Promise.all([api.close(), elsewhere.close()]);
	}
}

describe('the key never leaves its origin', () => {
	test.each([
		[302, credits],
		[307, credits],
		[307, createTask],
		[308, createTask],
	])(
		'a %i to another origin is refused and never carries the key (%p)',
		async (status, parameters) => {
			const { run, api, elsewhere } = await redirectToElsewhere(status, parameters);
			expect(JSON.stringify(elsewhere)).not.toContain(KEY);
			expect(api).toHaveLength(1);
			const [failure] = run.json('Probe');
			expect(failure.error).toContain('redirected');
			expect(failure.description).toContain('Base URL');
			expect(failure.outcomeUnknown).toBe(parameters.method !== 'GET');
		},
	);

	test('a redirect within the same origin is followed, with the key', async () => {
		const replies = [
			{ status: 307, headers: { location: '/api/v1/account/credits-moved?x=1' } },
			{ status: 200, body: { credits: 3 } },
		];
		const { run, seen } = await send(replies, credits);
		expect(run.json('Probe')[0].result).toEqual({ credits: 3 });
		expect(seen.map((request) => request.url)).toEqual([
			'/api/v1/account/credits',
			'/api/v1/account/credits-moved?x=1',
		]);
		expect(seen[1].headers.authorization).toBe(`Bearer ${KEY}`);
	});

	test('a redirect loop ends after a few hops', async () => {
		const { run, seen } = await send([{ status: 302, headers: { location: '/loop' } }], {
			...credits,
			report: '1',
		});
		expect(seen.length).toBeLessThanOrEqual(6);
		expect(run.json('Probe')[0].error).toContain('HTTP 302');
	});
});

describe('a streamed upload is sent once', () => {
	const dir = mkdtempSync(join(tmpdir(), 'redirect-upload-'));
	const file = join(dir, 'frame.png');
	writeFileSync(file, makeImage('png', 64, 64));
	afterAll(() => rmSync(dir, { recursive: true, force: true }));

	test.each([307, 308])(
		'a same-origin %i on an upload from binary data is not followed: its stream is spent',
		async (status) => {
			const api = await scriptedServer([
				{ status, headers: { location: '/api/v1/assets/upload-elsewhere' } },
				{
					status: 200,
					body: { assetId: 7, providerAssetId: 'p7', type: 'IMAGE', status: 'PROCESSING' },
				},
			]);
			try {
				const service = {
					url: api.url,
					unifiedBaseUrl: `${api.url}/api/v1`,
					compatBaseUrl: api.url,
				} as RunningEmulator;
				const upload = packageNode(
					'Upload Asset',
					'uploadAsset',
					{ operation: 'upload' },
					{ onError: 'continueRegularOutput' },
				);
				const run = await runWithFiles(
					service,
					[upload],
					[
						itemWithFileOnDisk({
							property: 'data',
							path: file,
							fileName: 'frame.png',
							mimeType: 'image/png',
						}),
					],
				);
				expect(api.seen.map((request) => request.url)).toEqual(['/api/v1/assets/upload']);
				const [item] = run.json('Upload Asset');
				expect(item.error).toContain(`HTTP ${status}`);
				expect(item.errorDescription).toContain('sent once');
			} finally {
				await api.close();
			}
		},
	);
});
