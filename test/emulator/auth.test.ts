import type { RunningEmulator } from './index';
import { makeVideo } from './media/index';
import { activeAsset, addAccount, call, startFast, submit, upload, waitTask } from './test-helpers';

/** 401 on every endpoint of both services, 403 for another account's records, 404 for unknown ones. */

let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startFast();
	await addAccount(emu, 'other-key');
});
afterAll(() => emu.close());

const UNIFIED: [string, string][] = [
	['POST', '/jobs/createTask'],
	['GET', '/jobs/queryTask?taskId=x'],
	['GET', '/jobs/relations?orderId=x'],
	['GET', '/account/credits'],
	['POST', '/assets/upload'],
	['GET', '/assets/status?assetId=1'],
	['GET', '/assets/list'],
	['POST', '/upscale/create'],
	['GET', '/upscale/query?taskId=x'],
];
const COMPAT: [string, string][] = [
	['POST', '/v1/contents/generations/tasks'],
	['GET', '/v1/contents/generations/tasks'],
	['GET', '/v1/contents/generations/tasks/x'],
	['POST', '/v1/assets'],
	['GET', '/v1/assets'],
	['GET', '/v1/assets/x'],
	['DELETE', '/v1/assets/x'],
	['POST', '/v1/assets/batch'],
	['GET', '/v1/assets/batch/template'],
	['POST', '/v1/assets/groups'],
	['GET', '/v1/assets/groups'],
	['GET', '/v1/me/balance'],
];

describe('authentication', () => {
	const endpoints = () => [
		...UNIFIED.map(([m, p]) => [m, `${emu.unifiedBaseUrl}${p}`]),
		...COMPAT.map(([m, p]) => [m, `${emu.compatBaseUrl}${p}`]),
	];

	it.each([
		['without a key', null],
		['with an unknown key', 'nobody'],
	])('answers 401 on every endpoint %s', async (_, key) => {
		for (const [method, url] of endpoints()) {
			const answer = await call(url, { key, method, ...(method === 'POST' ? { json: {} } : {}) });
			expect([method, url, answer.status]).toEqual([method, url, 401]);
			expect(answer.body).toMatchObject({ message: expect.any(String), code: 'UNAUTHORIZED' });
		}
	});

	it('gives compat errors the upstream error object as well', async () => {
		const answer = await call(`${emu.compatBaseUrl}/v1/me/balance`, { key: null });
		expect(answer.body.error).toEqual({ code: 'UNAUTHORIZED', message: answer.body.message });
	});
});

describe('unknown paths and records', () => {
	it('answers 404 for an unknown path and 405 for a wrong method', async () => {
		expect((await call(`${emu.unifiedBaseUrl}/jobs/nothing`)).status).toBe(404);
		expect((await call(`${emu.unifiedBaseUrl}/jobs/createTask`)).status).toBe(405);
	});

	it.each([
		['/jobs/queryTask?taskId=task_0'],
		['/jobs/relations?orderId=order_0'],
		['/assets/status?assetId=999'],
		['/assets/status?assetId=ast_missing'],
		['/upscale/query?taskId=upscale_0'],
	])('answers 404 for an unknown id: %s', async (path) => {
		const answer = await call(`${emu.unifiedBaseUrl}${path}`);
		expect(answer.status).toBe(404);
		expect(answer.body.message).toEqual(expect.any(String));
	});

	it('answers 404 for unknown compat tasks and assets', async () => {
		expect((await call(`${emu.compatBaseUrl}/v1/contents/generations/tasks/cgt_0`)).status).toBe(
			404,
		);
		expect((await call(`${emu.compatBaseUrl}/v1/assets/asset_0`)).status).toBe(404);
		expect(
			(await call(`${emu.compatBaseUrl}/v1/assets/asset_0`, { method: 'DELETE' })).status,
		).toBe(404);
	});

	it('answers 400 when the id parameter is missing', async () => {
		for (const path of ['/jobs/queryTask', '/jobs/relations', '/assets/status', '/upscale/query']) {
			const answer = await call(`${emu.unifiedBaseUrl}${path}`);
			expect([path, answer.status, answer.body.code]).toEqual([path, 400, 'MISSING_PARAMETER']);
		}
	});
});

describe('ownership', () => {
	it('answers 403 for a task, order, asset and upscale of another account', async () => {
		const task = await submit(emu, { model: 'sd2.5', inputs: { prompt: 'mine', draft: true } });
		const asset = (
			await upload(emu, makeVideo('mp4', { width: 640, height: 480, seconds: 5 }), 'clip.mp4')
		).body;
		const up = await call(`${emu.unifiedBaseUrl}/upscale/create`, {
			json: { source: { type: 'url', url: asset.url }, targetResolution: '1080p' },
		});
		const other = { key: 'other-key' };
		const paths = [
			`/jobs/queryTask?taskId=${task.taskId}`,
			`/jobs/relations?orderId=${task.orderId}`,
			`/assets/status?assetId=${asset.assetId}`,
			`/assets/status?assetId=${asset.providerAssetId}`,
			`/upscale/query?taskId=${up.body.taskId}`,
		];
		for (const path of paths) {
			const answer = await call(`${emu.unifiedBaseUrl}${path}`, other);
			expect([path, answer.status, answer.body.code]).toEqual([path, 403, 'FORBIDDEN']);
		}
		const list = await call(`${emu.unifiedBaseUrl}/assets/list`, other);
		expect(list.body.items).toEqual([]);
	});

	it('refuses the asset or the draft of another account in createTask', async () => {
		const asset = await activeAsset(
			emu,
			makeVideo('mp4', { width: 640, height: 480, seconds: 5 }),
			'mine.mp4',
		);
		const reference = {
			model: 'sd2.5',
			inputs: {
				prompt: 'use it',
				videoInputMode: 'reference',
				resolution: '1280x720',
				videoUrls: [`asset://${asset.providerAssetId}`],
			},
		};
		expect(
			(await call(`${emu.unifiedBaseUrl}/jobs/createTask`, { key: 'other-key', json: reference }))
				.status,
		).toBe(403);
		const draft = await submit(emu, { model: 'sd2.5', inputs: { prompt: 'draft', draft: true } });
		await waitTask(emu, draft.taskId);
		const final = { model: 'sd2.5', inputs: { draftSourceOrderId: draft.orderId } };
		expect(
			(await call(`${emu.unifiedBaseUrl}/jobs/createTask`, { key: 'other-key', json: final }))
				.status,
		).toBe(403);
		expect(
			(await call(`${emu.unifiedBaseUrl}/account/credits`, { key: 'other-key' })).body.credits,
		).toBe(1_000_000);
	});

	it('answers 403 for the compat task, asset and group of another key', async () => {
		const group = (await call(`${emu.compatBaseUrl}/v1/assets/groups`, { json: { name: 'mine' } }))
			.body;
		const asset = (
			await call(`${emu.compatBaseUrl}/v1/assets`, {
				json: { groupId: group.officialId, url: 'https://example.com/a.png' },
			})
		).body;
		const task = (
			await call(`${emu.compatBaseUrl}/v1/contents/generations/tasks`, {
				json: { model: 'video-2-0-260128', content: [{ type: 'text', text: 'a cat' }] },
			})
		).body;
		const other = { key: 'other-key' };
		expect(
			(await call(`${emu.compatBaseUrl}/v1/contents/generations/tasks/${task.id}`, other)).status,
		).toBe(403);
		expect((await call(`${emu.compatBaseUrl}/v1/assets/${asset.officialId}`, other)).status).toBe(
			403,
		);
		expect(
			(
				await call(`${emu.compatBaseUrl}/v1/assets/${asset.officialId}`, {
					...other,
					method: 'DELETE',
				})
			).status,
		).toBe(403);
		const intoMine = await call(`${emu.compatBaseUrl}/v1/assets`, {
			...other,
			json: { groupId: group.officialId, url: 'https://example.com/b.png' },
		});
		expect(intoMine.status).toBe(403);
		expect(
			(await call(`${emu.compatBaseUrl}/v1/contents/generations/tasks`, other)).body.items,
		).toEqual([]);
		expect((await call(`${emu.compatBaseUrl}/v1/assets/groups`, other)).body).toEqual([]);
	});
});
