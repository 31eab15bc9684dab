import type { RunningEmulator } from './index';
import { runTimes } from './run-times';
import { DEFAULT_SETTINGS } from './settings';
import type { Settings } from './settings';
import { call, control, reset, startFast, submit, waitFor, waitTask } from './test-helpers';

/** Uneven task run times: seeded, distributed as configured, and each task keeps its own. */

const spreadSettings = (spread: Partial<NonNullable<Settings['taskDurationSpread']>>) =>
	({
		...DEFAULT_SETTINGS,
		taskDurationMs: 1000,
		taskDurationSpread: { p99Factor: 3, maxFactor: 6, seed: 1, ...spread },
	}) as Settings;

const draw = (settings: Settings, count: number) => {
	const next = runTimes(settings);
	return Array.from({ length: count }, () => next());
};

/** The q-quantile of sorted values (nearest rank). */
const quantile = (sorted: number[], q: number) =>
	sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

describe('run times (pure)', () => {
	it('are all taskDurationMs without a spread, as before', () => {
		expect(draw({ ...DEFAULT_SETTINGS, taskDurationMs: 2500 }, 5)).toEqual([
			2500, 2500, 2500, 2500, 2500,
		]);
	});

	it('repeat for the same seed and differ for another', () => {
		const first = draw(spreadSettings({ seed: 42 }), 50);
		expect(draw(spreadSettings({ seed: 42 }), 50)).toEqual(first);
		expect(draw(spreadSettings({ seed: 43 }), 50)).not.toEqual(first);
		expect(new Set(first).size).toBeGreaterThan(40);
	});

	it('have the configured median and tail, and never exceed the cap', () => {
		const sorted = draw(spreadSettings({ p99Factor: 3, maxFactor: 6, seed: 7 }), 20_000).sort(
			(a, b) => a - b,
		);
		expect(quantile(sorted, 0.5)).toBeGreaterThan(950);
		expect(quantile(sorted, 0.5)).toBeLessThan(1050);
		expect(quantile(sorted, 0.99)).toBeGreaterThan(2700);
		expect(quantile(sorted, 0.99)).toBeLessThan(3300);
		expect(sorted.at(-1)).toBeLessThanOrEqual(6000);
		expect(sorted[0]).toBeGreaterThan(0);
		// Most tasks finish near the median; a few take several times as long.
		expect(quantile(sorted, 0.9) / quantile(sorted, 0.5)).toBeGreaterThan(1.5);
	});

	it('stop at the cap: a cap below the tail clips it', () => {
		const capped = draw(spreadSettings({ p99Factor: 4, maxFactor: 1.5, seed: 3 }), 2000);
		expect(Math.max(...capped)).toBe(1500);
		expect(capped.filter((ms) => ms === 1500).length).toBeGreaterThan(100);
	});
});

describe('run times (emulator)', () => {
	let emu: RunningEmulator;
	beforeAll(async () => (emu = await startFast()));
	afterAll(() => emu.close());
	beforeEach(() => reset(emu));

	const SPREAD = { p99Factor: 4, maxFactor: 8, seed: 11 };
	const clocks = async () => (await control(emu, '/tasks')).body;
	const createSome = async (count: number) => {
		const ids: string[] = [];
		for (let index = 0; index < count; index++)
			ids.push((await submit(emu, { model: 'sd2', inputs: { prompt: `shot ${index}` } })).taskId);
		return ids;
	};

	it('gives each task its own run time, in creation order, and its state follows it', async () => {
		const settings = await control(emu, '/settings', {
			taskDurationMs: 400,
			taskDurationSpread: SPREAD,
		});
		expect(settings.body.taskDurationSpread).toEqual(SPREAD);
		const expected = draw(
			{ ...DEFAULT_SETTINGS, taskDurationMs: 400, taskDurationSpread: SPREAD },
			6,
		);
		const ids = await createSome(6);
		const byId = new Map(
			(await clocks()).map((c: { taskId: string; runMs: number }) => [c.taskId, c.runMs]),
		);
		expect(ids.map((id) => byId.get(id))).toEqual(expected);
		const shortest = ids[expected.indexOf(Math.min(...expected))];
		const longest = ids[expected.indexOf(Math.max(...expected))];
		await waitTask(emu, shortest);
		const meanwhile = await call(`${emu.unifiedBaseUrl}/jobs/queryTask?taskId=${longest}`);
		// still running; PENDING or PROCESSING depends on how busy the machine was while creating
		expect(['PENDING', 'PROCESSING']).toContain(meanwhile.body.status);
		for (const [index, id] of ids.entries()) {
			const done = await waitTask(emu, id);
			expect(done.status).toBe('COMPLETED');
			expect(done.completeTime - done.createTime).toBe(expected[index]);
		}
	});

	it('restarts from the seed when the settings are set again, and stops with null', async () => {
		await control(emu, '/settings', { taskDurationMs: 400, taskDurationSpread: SPREAD });
		await createSome(3);
		await control(emu, '/settings', { taskDurationSpread: SPREAD });
		await createSome(3);
		const runs = (await clocks()).map((c: { runMs: number }) => c.runMs);
		expect(runs.slice(3)).toEqual(runs.slice(0, 3));
		await control(emu, '/settings', { taskDurationSpread: null });
		await createSome(2);
		expect((await clocks()).slice(6).map((c: { runMs: number }) => c.runMs)).toEqual([400, 400]);
	});

	it('spreads compat tasks too', async () => {
		await control(emu, '/settings', { taskDurationMs: 300, taskDurationSpread: SPREAD });
		const expected = draw(
			{ ...DEFAULT_SETTINGS, taskDurationMs: 300, taskDurationSpread: SPREAD },
			1,
		);
		// from before the create: a create answered late on a loaded machine cannot eat the run time
		const started = Date.now();
		const created = await call(`${emu.compatBaseUrl}/v1/contents/generations/tasks`, {
			json: { model: 'video-2-0-260128', content: [{ type: 'text', text: 'a kite' }] },
		});
		await waitFor(async () => {
			const { body } = await call(
				`${emu.compatBaseUrl}/v1/contents/generations/tasks/${created.body.id}`,
			);
			return body.status === 'running' ? undefined : body;
		}, 'the compat task');
		// Ends no earlier than its own run time, not the median's (50 ms for the clocks' rounding).
		expect(Date.now() - started).toBeGreaterThanOrEqual(expected[0] - 50);
	});

	it('refuses a bad spread and keeps the defaults (no spread) after reset', async () => {
		for (const bad of [
			{ p99Factor: 0.5 },
			{ p99Factor: 2, maxFactor: 0 },
			{ p99Factor: 2, seed: 1.5 },
			'wide',
		])
			expect((await control(emu, '/settings', { taskDurationSpread: bad })).status).toBe(400);
		const filled = await control(emu, '/settings', { taskDurationSpread: { p99Factor: 2 } });
		expect(filled.body.taskDurationSpread).toEqual({ p99Factor: 2, maxFactor: 4, seed: 1 });
		await reset(emu);
		expect((await control(emu, '/settings')).body.taskDurationSpread).toBeNull();
	});
});
