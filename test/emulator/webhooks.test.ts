import type { RunningEmulator } from './index';
import { makeVideo } from './media/index';
import {
	call,
	control,
	receiver,
	reset,
	sleep,
	startFast,
	submit,
	upload,
	waitFor,
} from './test-helpers';

/** Webhooks: the queryTask shape on COMPLETED/FAILED, retries on the configured delays, upscale once. */

const DELAYS = [50, 100, 150];
let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast({ webhookRetryDelaysMs: DELAYS })));
afterAll(() => emu.close());
beforeEach(() => reset(emu));

const attempts = async (taskId: string) =>
	(await control(emu, `/webhooks?taskId=${taskId}`)).body as any[];

async function waitAttempts(taskId: string, count: number) {
	return waitFor(async () => {
		const list = await attempts(taskId);
		return list.length >= count ? list : undefined;
	}, `${count} webhook attempts`);
}

describe('task webhooks', () => {
	it('posts the queryTask shape once when the receiver answers 2xx', async () => {
		const hook = await receiver([200]);
		try {
			const { taskId } = await submit(emu, {
				model: 'sd2',
				inputs: { prompt: 'hook' },
				callBackUrl: hook.url,
			});
			const [attempt] = await waitAttempts(taskId, 1);
			expect(attempt).toMatchObject({
				taskId,
				url: hook.url,
				attempt: 1,
				status: 200,
				sentAt: expect.any(Number),
				time: expect.any(Number),
			});
			expect(attempt.time).toBeGreaterThanOrEqual(attempt.sentAt);
			const queried = (await call(`${emu.unifiedBaseUrl}/jobs/queryTask?taskId=${taskId}`)).body;
			expect(hook.hits[0].body).toEqual(queried);
			expect(queried.status).toBe('COMPLETED');
			await sleep(400);
			expect(hook.hits).toHaveLength(1);
		} finally {
			await hook.close();
		}
	});

	it('retries after 500, 500 and stops at the first 2xx: 3 attempts spaced by the delays', async () => {
		const hook = await receiver([500, 500, 200]);
		try {
			const { taskId } = await submit(emu, {
				model: 'sd2',
				inputs: { prompt: 'retry' },
				callBackUrl: hook.url,
			});
			const list = await waitAttempts(taskId, 3);
			expect(list.map((a) => [a.attempt, a.status])).toEqual([
				[1, 500],
				[2, 500],
				[3, 200],
			]);
			expect(hook.hits[1].time - hook.hits[0].time).toBeGreaterThanOrEqual(DELAYS[0]);
			expect(hook.hits[2].time - hook.hits[1].time).toBeGreaterThanOrEqual(DELAYS[1]);
			await sleep(400);
			expect(await attempts(taskId)).toHaveLength(3);
		} finally {
			await hook.close();
		}
	});

	it('gives up after 3 retries (4 attempts) when the receiver always fails', async () => {
		const hook = await receiver([503]);
		try {
			const { taskId } = await submit(emu, {
				model: 'sd2',
				inputs: { prompt: 'x [fail]' },
				callBackUrl: hook.url,
			});
			const list = await waitAttempts(taskId, 4);
			expect(list.map((a) => a.status)).toEqual([503, 503, 503, 503]);
			expect(hook.hits[0].body).toMatchObject({
				taskId,
				status: 'FAILED',
				error: expect.any(String),
				output: null,
			});
			for (let i = 1; i < 4; i++)
				expect(hook.hits[i].time - hook.hits[i - 1].time).toBeGreaterThanOrEqual(DELAYS[i - 1]);
			await sleep(600);
			expect(await attempts(taskId)).toHaveLength(4);
		} finally {
			await hook.close();
		}
	});

	it('records connection errors and retries them', async () => {
		const hook = await receiver([200]);
		await hook.close();
		const { taskId } = await submit(emu, {
			model: 'sd2',
			inputs: { prompt: 'nobody home' },
			callBackUrl: hook.url,
		});
		const list = await waitAttempts(taskId, 4);
		expect(list.every((a) => typeof a.error === 'string' && a.status === undefined)).toBe(true);
		expect(list.map((a) => a.attempt)).toEqual([1, 2, 3, 4]);
	});

	it('uses the settings at delivery time', async () => {
		await control(emu, '/settings', { webhookRetryDelaysMs: [20] });
		const hook = await receiver([500]);
		try {
			const { taskId } = await submit(emu, {
				model: 'sd2',
				inputs: { prompt: 'one retry' },
				callBackUrl: hook.url,
			});
			await waitAttempts(taskId, 2);
			await sleep(300);
			expect(await attempts(taskId)).toHaveLength(2);
		} finally {
			await hook.close();
		}
	});
});

describe('upscale callbacks', () => {
	it('are sent once, even when the receiver fails', async () => {
		const hook = await receiver([500]);
		try {
			const { body: asset } = await upload(
				emu,
				makeVideo('mp4', { width: 640, height: 360, seconds: 5 }),
				'clip.mp4',
			);
			const created = await call(`${emu.unifiedBaseUrl}/upscale/create`, {
				json: {
					source: { type: 'url', url: asset.url },
					targetResolution: '1080p',
					callBackUrl: hook.url,
				},
			});
			const [attempt] = await waitAttempts(created.body.taskId, 1);
			expect(attempt).toMatchObject({ attempt: 1, status: 500 });
			expect(hook.hits[0].body).toMatchObject({ taskId: created.body.taskId, status: 'completed' });
			await sleep(500);
			expect(hook.hits).toHaveLength(1);
		} finally {
			await hook.close();
		}
	});
});
