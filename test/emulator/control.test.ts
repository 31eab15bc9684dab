import type { RunningEmulator } from './index';
import {
	KEY,
	addAccount,
	call,
	control,
	credits,
	logged,
	reset,
	startFast,
	submit,
	waitFor,
} from './test-helpers';

/** The control API: accounts, settings, faults, reset, request log (keys masked), webhook log. */

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(() => emu.close());
beforeEach(() => reset(emu));

const CREDITS = () => `${emu.unifiedBaseUrl}/account/credits`;

describe('accounts', () => {
	it('has the demo account at start and creates or replaces others', async () => {
		expect(await credits(emu)).toEqual({ credits: 1_000_000, availableCredits: 1_000_000 });
		const balance = await call(`${emu.compatBaseUrl}/v1/me/balance`);
		expect(balance.body).toEqual({ balance: '1000.0000', markupRate: 1 });
		await addAccount(emu, 'other-key', { credits: 42, compatBalance: 12.5, markupRate: 1.5 });
		expect(await credits(emu, 'other-key')).toEqual({ credits: 42, availableCredits: 42 });
		expect((await call(`${emu.compatBaseUrl}/v1/me/balance`, { key: 'other-key' })).body).toEqual({
			balance: '12.5000',
			markupRate: 1.5,
		});
		await addAccount(emu, 'other-key', { credits: 7 });
		expect((await credits(emu, 'other-key')).credits).toBe(7);
	});

	it('refuses a bad account definition', async () => {
		expect((await control(emu, '/accounts', { credits: 5 })).status).toBe(400);
		expect((await control(emu, '/accounts', { apiKey: 'k', credits: -1 })).status).toBe(400);
	});
});

describe('settings', () => {
	it('reads, updates and validates the clocks', async () => {
		const updated = await control(emu, '/settings', { taskDurationMs: 1234 });
		expect(updated.body).toMatchObject({
			taskDurationMs: 1234,
			reviewDurationMs: 100,
			webhookRetryDelaysMs: [50, 100, 150],
		});
		expect((await call(`${emu.url}/__control/settings`, { key: null })).body.taskDurationMs).toBe(
			1234,
		);
		expect((await control(emu, '/settings', { webhookRetryDelaysMs: 'soon' })).status).toBe(400);
		expect((await control(emu, '/settings', { reviewDurationMs: -5 })).status).toBe(400);
	});
});

describe('reset', () => {
	it('restores the start state: accounts, credits, logs and settings', async () => {
		await addAccount(emu, 'temp-key');
		await control(emu, '/settings', { taskDurationMs: 99 });
		await submit(emu, { model: 'sd2', inputs: { prompt: 'a cat' } });
		await reset(emu);
		expect((await call(CREDITS(), { key: 'temp-key' })).status).toBe(401);
		expect((await credits(emu)).credits).toBe(1_000_000);
		expect((await call(`${emu.url}/__control/settings`, { key: null })).body.taskDurationMs).toBe(
			300,
		);
		expect(await logged(emu, '/api/v1/jobs/createTask')).toHaveLength(0);
	});
});

describe('request log', () => {
	it('records method, path, query, status, body and a masked key; control calls are not logged', async () => {
		await call(`${emu.unifiedBaseUrl}/jobs/queryTask?taskId=nope`);
		await call(CREDITS(), { key: 'secret-key-123' });
		const entries = (await control(emu, '/requests')).body as any[];
		expect(entries).toHaveLength(2);
		expect(entries[0]).toMatchObject({
			method: 'GET',
			path: '/api/v1/jobs/queryTask',
			query: { taskId: 'nope' },
			status: 404,
			apiKey: 'dem…ey',
		});
		expect(typeof entries[0].time).toBe('number');
		expect(entries[1]).toMatchObject({ status: 401, apiKey: 'sec…23' });
		expect(JSON.stringify(entries)).not.toContain('secret-key-123');
		expect(JSON.stringify(entries)).not.toContain(KEY);
	});

	it('proves that a request was or was not sent, and keeps JSON bodies', async () => {
		expect(await logged(emu, '/api/v1/jobs/createTask')).toHaveLength(0);
		await submit(emu, { model: 'sd2', inputs: { prompt: 'logged' } });
		const [entry] = await logged(emu, '/api/v1/jobs/createTask');
		expect(entry).toMatchObject({
			method: 'POST',
			status: 200,
			body: { model: 'sd2', inputs: { prompt: 'logged' } },
		});
		const byMethod = await control(emu, '/requests?method=get');
		expect(byMethod.body).toHaveLength(0);
	});
});

describe('faults', () => {
	it('answers an injected status for the next N matching requests, then recovers', async () => {
		const armed = await control(emu, '/faults', {
			path: '/api/v1/account/credits',
			count: 2,
			status: 503,
		});
		expect(armed.body.faults).toHaveLength(1);
		const first = await call(CREDITS());
		expect(first.status).toBe(503);
		expect(first.body).toEqual({ message: 'Injected fault: HTTP 503', code: 'INJECTED_FAULT' });
		expect((await call(CREDITS())).status).toBe(503);
		expect((await call(CREDITS())).status).toBe(200);
		const entries = await logged(emu, '/api/v1/account/credits');
		expect(entries.map((e) => [e.status, e.fault])).toEqual([
			[503, 'status'],
			[503, 'status'],
			[200, undefined],
		]);
	});

	it('matches by method and path prefix and can send a custom body', async () => {
		await control(emu, '/faults', {
			path: '/api/v1/jobs/*',
			method: 'POST',
			status: 429,
			body: { message: 'slow down' },
		});
		expect((await call(`${emu.unifiedBaseUrl}/jobs/queryTask?taskId=x`)).status).toBe(404);
		const limited = await call(`${emu.unifiedBaseUrl}/jobs/createTask`, {
			json: { model: 'sd2', inputs: { prompt: 'x' } },
		});
		expect(limited).toMatchObject({ status: 429, body: { message: 'slow down' } });
		expect((await credits(emu)).credits).toBe(1_000_000);
	});

	it('matches only the requests whose body contains bodyIncludes', async () => {
		await control(emu, '/faults', {
			path: '/api/v1/jobs/createTask',
			bodyIncludes: 'two',
			status: 500,
		});
		const create = (prompt: string) =>
			call(`${emu.unifiedBaseUrl}/jobs/createTask`, { json: { model: 'sd2', inputs: { prompt } } });
		expect((await create('one')).status).toBe(200);
		expect((await create('two')).status).toBe(500);
		expect((await create('two')).status).toBe(200);
		expect(
			(await control(emu, '/faults', { path: '/x', status: 500, bodyIncludes: 1 })).status,
		).toBe(400);
	});

	it('delays a request and then lets it through', async () => {
		await control(emu, '/faults', { path: '/api/v1/account/credits', delayMs: 200 });
		const started = Date.now();
		const answer = await call(CREDITS());
		expect(answer.status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(190);
		expect((await logged(emu, '/api/v1/account/credits'))[0].fault).toBe('delay');
	});

	it('drops the connection without an answer', async () => {
		await control(emu, '/faults', { path: '/api/v1/account/credits', drop: true });
		await expect(
			fetch(CREDITS(), { headers: { authorization: `Bearer ${KEY}` } }),
		).rejects.toThrow();
		const [entry] = await waitFor(async () => {
			const entries = await logged(emu, '/api/v1/account/credits');
			return entries.length ? entries : undefined;
		}, 'log entry');
		expect(entry).toMatchObject({ status: 0, fault: 'drop' });
		expect((await call(CREDITS())).status).toBe(200);
	});

	it('sends a malformed JSON body', async () => {
		await control(emu, '/faults', { path: '/api/v1/account/credits', malformed: true });
		const response = await fetch(CREDITS(), { headers: { authorization: `Bearer ${KEY}` } });
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toContain('application/json');
		await expect(response.json()).rejects.toThrow();
	});

	it('lists, clears and validates faults', async () => {
		expect((await control(emu, '/faults', { path: 'no-slash', status: 500 })).status).toBe(400);
		expect((await control(emu, '/faults', { path: '/x', count: 0, status: 500 })).status).toBe(400);
		expect((await control(emu, '/faults', { path: '/x' })).status).toBe(400);
		await control(emu, '/faults', [
			{ path: '/a', status: 500 },
			{ path: '/b', drop: true, count: 3 },
		]);
		expect((await call(`${emu.url}/__control/faults`, { key: null })).body.faults).toHaveLength(2);
		await call(`${emu.url}/__control/faults`, { key: null, method: 'DELETE' });
		expect((await call(`${emu.url}/__control/faults`, { key: null })).body.faults).toHaveLength(0);
	});
});
