import type { RunningEmulator } from './index';
import { makeVideo, probeMedia } from './media/index';
import {
	activeAsset,
	call,
	control,
	createTask,
	credits,
	download,
	receiver,
	reset,
	startFast,
	submit,
	waitFor,
	waitTask,
} from './test-helpers';

/** sd2.5 drafts (480P) and finals (1080P) with every rule of the spec, and GET /jobs/relations. */

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(() => emu.close());
beforeEach(() => reset(emu));

const DRAFT = {
	model: 'sd2.5',
	inputs: {
		prompt: 'a boat at dusk',
		draft: true,
		duration: '4s',
		resolution: '720x1280',
		seed: 7,
	},
};
const final = (orderId: string, extra: Record<string, unknown> = {}) => ({
	model: 'sd2.5',
	inputs: { draftSourceOrderId: orderId, ...extra },
});
const relations = (query: string) => call(`${emu.unifiedBaseUrl}/jobs/relations?${query}`);

async function completedDraft() {
	const ids = await submit(emu, DRAFT);
	await waitTask(emu, ids.taskId);
	return ids;
}

describe('draft', () => {
	it('renders at native 480P, billed at the 480P rate', async () => {
		const { taskId } = await submit(emu, DRAFT);
		const done = await waitTask(emu, taskId);
		expect(done).toMatchObject({
			status: 'COMPLETED',
			creditsUsed: 120,
			output: [{ width: 480, height: 854 }],
		});
		expect(probeMedia((await download(done.output[0].url)).bytes)).toMatchObject({
			width: 480,
			height: 854,
			seconds: 4,
		});
	});

	it('is sd2.5 only and refuses an output tier', async () => {
		expect(
			(await createTask(emu, { model: 'sd2', inputs: { prompt: 'x', draft: true } })).body.code,
		).toBe('DRAFT_OPTION_NOT_ALLOWED');
		expect(
			(
				await createTask(emu, {
					model: 'sd2.5',
					inputs: { prompt: 'x', draft: true, outputResolution: '480p' },
				})
			).body.code,
		).toBe('DRAFT_OPTION_NOT_ALLOWED');
	});
});

describe('final', () => {
	it('reuses the draft inputs at native 1080P, billed with the draft, with its own callback', async () => {
		const draft = await completedDraft();
		const before = (await credits(emu)).credits;
		const hook = await receiver([200]);
		try {
			const ids = await submit(emu, {
				...final(draft.orderId, { prompt: 'ignored', duration: '10s' }),
				callBackUrl: hook.url,
			});
			expect((await credits(emu)).credits).toBe(before - 600);
			const done = await waitTask(emu, ids.taskId);
			expect(done).toMatchObject({
				status: 'COMPLETED',
				creditsUsed: 600,
				output: [{ width: 1080, height: 1920 }],
			});
			expect(probeMedia((await download(done.output[0].url)).bytes)).toMatchObject({ seconds: 4 });
			await waitFor(async () => (hook.hits.length ? true : undefined), 'final callback');
			expect(hook.hits[0].body.taskId).toBe(ids.taskId);
		} finally {
			await hook.close();
		}
	});

	it('bills the draft input videos again at their own durations', async () => {
		const clip = await activeAsset(
			emu,
			makeVideo('mp4', { width: 1280, height: 720, seconds: 5 }),
			'ref.mp4',
		);
		const inputs = {
			prompt: 'with ref',
			draft: true,
			duration: '5s',
			videoInputMode: 'reference',
			resolution: '1280x720',
			videoUrls: [`asset://${clip.providerAssetId}`],
		};
		const draft = await submit(emu, { model: 'sd2.5', inputs });
		expect((await waitTask(emu, draft.taskId)).creditsUsed).toBe(230);
		const ids = await submit(emu, final(draft.orderId));
		expect((await waitTask(emu, ids.taskId)).creditsUsed).toBe(1130);
	});

	it.each([
		['a taskId instead of the orderId', 'taskId', 400, 'DRAFT_SOURCE_IS_TASK_ID'],
		['an unknown order', 'unknown', 400, 'DRAFT_NOT_FOUND'],
		['an order that is not a draft', 'plain', 400, 'DRAFT_SOURCE_NOT_DRAFT'],
		['a draft that is not completed', 'running', 400, 'DRAFT_NOT_COMPLETED'],
		['a failed draft', 'failed', 400, 'DRAFT_NOT_COMPLETED'],
	])('refuses %s with a clear 400 and no charge', async (_, which, statusCode, code) => {
		const draft = await completedDraft();
		const plain = await submit(emu, { model: 'sd2.5', inputs: { prompt: 'plain' } });
		const failed = await submit(emu, {
			model: 'sd2.5',
			inputs: { prompt: 'x [fail]', draft: true },
		});
		await waitTask(emu, failed.taskId);
		await control(emu, '/settings', { taskDurationMs: 60_000 });
		const running = await submit(emu, DRAFT);
		const ids: Record<string, string> = {
			taskId: draft.taskId,
			unknown: 'order_missing',
			plain: plain.orderId,
			running: running.orderId,
			failed: failed.orderId,
		};
		const before = await credits(emu);
		const answer = await createTask(emu, final(ids[which]));
		expect(answer).toMatchObject({
			status: statusCode,
			body: { code, path: 'inputs.draftSourceOrderId', message: expect.any(String) },
		});
		expect(await credits(emu)).toEqual(before);
	});

	it('refuses a draft older than 7 days (aged through the control API)', async () => {
		const draft = await completedDraft();
		expect((await control(emu, `/tasks/${draft.taskId}/age`, { days: 6.9 })).status).toBe(200);
		expect((await createTask(emu, final(draft.orderId))).status).toBe(200);
		await control(emu, `/tasks/${draft.orderId}/age`, { days: 0.2 });
		const expired = await createTask(emu, final(draft.orderId));
		expect(expired).toMatchObject({ status: 400, body: { code: 'DRAFT_EXPIRED' } });
		expect((await control(emu, '/tasks/task_missing/age', { days: 1 })).status).toBe(404);
	});
});

describe('relations', () => {
	it('lists finals oldest first, including queued and failed ones, with paging', async () => {
		const draft = await completedDraft();
		const finals = [];
		finals.push(await submit(emu, final(draft.orderId)));
		finals.push(await submit(emu, final(draft.orderId, { prompt: '[fail]' })));
		for (const f of finals) await waitTask(emu, f.taskId);
		await control(emu, '/settings', { taskDurationMs: 60_000 });
		finals.push(await submit(emu, final(draft.orderId)));
		const page1 = (await relations(`orderId=${draft.orderId}&limit=2`)).body;
		expect(page1).toMatchObject({
			kind: 'draft',
			orderId: draft.orderId,
			sourceDraft: null,
			totalCount: 3,
			nextCursor: expect.any(String),
		});
		expect(page1.finals).toEqual([
			{
				orderId: finals[0].orderId,
				taskId: finals[0].taskId,
				status: 'COMPLETED',
				createTime: expect.any(Number),
				url: expect.any(String),
			},
			{
				orderId: finals[1].orderId,
				taskId: finals[1].taskId,
				status: 'FAILED',
				createTime: expect.any(Number),
			},
		]);
		const page2 = (await relations(`orderId=${draft.orderId}&limit=2&cursor=${page1.nextCursor}`))
			.body;
		expect(page2).toMatchObject({
			totalCount: 3,
			nextCursor: null,
			finals: [{ orderId: finals[2].orderId, status: 'PENDING' }],
		});
	});

	it('names the source draft of a final', async () => {
		const draft = await completedDraft();
		const ids = await submit(emu, final(draft.orderId));
		const answer = (await relations(`orderId=${ids.orderId}`)).body;
		expect(answer).toEqual({
			kind: 'final',
			orderId: ids.orderId,
			sourceDraft: {
				orderId: draft.orderId,
				taskId: draft.taskId,
				status: 'COMPLETED',
				createTime: expect.any(Number),
				url: expect.any(String),
			},
			finals: [],
			totalCount: 0,
			nextCursor: null,
		});
	});

	it('validates limit, cursor and the kind of order', async () => {
		const draft = await completedDraft();
		const plain = await submit(emu, { model: 'sd2', inputs: { prompt: 'plain' } });
		for (const query of ['limit=0', 'limit=51', 'limit=2.5', 'cursor=abc']) {
			expect([query, (await relations(`orderId=${draft.orderId}&${query}`)).status]).toEqual([
				query,
				400,
			]);
		}
		expect((await relations(`orderId=${draft.orderId}&limit=50`)).status).toBe(200);
		expect((await relations(`orderId=${plain.orderId}`)).body.code).toBe('NOT_DRAFT_OR_FINAL');
		expect((await relations(`orderId=${plain.taskId}`)).status).toBe(404);
	});
});
