import type { Reply } from './scripted-server';
import { createTask, credits, expectNoKey, KEY, send } from './run-probe';

describe('transport', () => {
	test('sends the bearer key to the base URL without a doubled slash', async () => {
		const { run, seen } = await send(
			[{ status: 200, body: { credits: 5, availableCredits: 4 } }],
			credits,
		);
		expect(run.json('Probe')[0].result).toEqual({ credits: 5, availableCredits: 4 });
		expect(seen[0].url).toBe('/api/v1/account/credits');
		expect(seen[0].headers.authorization).toBe(`Bearer ${KEY}`);
	});

	test('a 400 shows the spec code, message and field, and is not retried', async () => {
		const body = {
			code: 'DURATION_OUT_OF_RANGE',
			message: 'duration 40s is outside 4s-15s',
			path: 'inputs.duration',
		};
		const { run, seen } = await send([{ status: 400, body }], createTask);
		expect(run.status).toBe('error');
		expect(run.error?.message).toBe('DURATION_OUT_OF_RANGE: duration 40s is outside 4s-15s');
		expect(run.error?.description).toContain('Field: inputs.duration');
		expect(seen).toHaveLength(1);
	});

	test.each([
		[401, 'check the API key'],
		[
			402,
			'Insufficient credits, nothing was created: top up or enable automatic top-up, then retry',
		],
		[403, 'of another account'],
		[404, 'check the Base URL in the Unified Generation API credential'],
	])('HTTP %i tells the user what to do', async (status, text) => {
		const { run } = await send([{ status, body: { message: `failure ${status}` } }], credits);
		expect(run.error?.message).toContain(text);
		expectNoKey(run);
	});

	const compatCreate = {
		service: 'compat' as const,
		method: 'POST' as const,
		path: '/v1/contents/generations/tasks',
		body: '{}',
	};

	test('a compat 400 body {error: {code, message, param}} shows its code, message and param as the field', async () => {
		const error = { code: 'InvalidParameter', message: 'duration must be 4-15', param: 'duration' };
		const { run } = await send([{ status: 400, body: { error } }], compatCreate);
		expect(run.error?.message).toBe('InvalidParameter: duration must be 4-15');
		expect(run.error?.description).toBe('Field: duration. Fix the request and run the node again.');
	});

	test("a compat refusal other than 400 names the field its param gives, beside the service's words", async () => {
		const error = {
			code: 'AssetNotFound',
			message: 'no such asset',
			param: 'content[1].image_url',
		};
		const { run } = await send([{ status: 404, body: { error } }], {
			...compatCreate,
			method: 'GET',
		});
		expect(run.error?.description).toContain('The service said: no such asset');
		expect(run.error?.description).toContain('Field: content[1].image_url');
	});

	test('the compat service names its own balance rule on 402', async () => {
		const { run } = await send([{ status: 402, body: { message: 'balance too low' } }], {
			service: 'compat',
			method: 'POST',
			path: '/v1/contents/generations/tasks',
			body: '{}',
		});
		expect(run.error?.message).toContain('at least 100');
	});

	test('a GET that gets 503, 503, 200 succeeds on the third attempt', async () => {
		const replies: Reply[] = [
			{ status: 503 },
			{ status: 503 },
			{ status: 200, body: { credits: 1, availableCredits: 1 } },
		];
		const { run, seen } = await send(replies, credits);
		expect(run.status).toBe('success');
		expect(run.json('Probe')[0].result).toEqual({ credits: 1, availableCredits: 1 });
		expect(seen).toHaveLength(3);
	});

	test.each([429, 500, 502, 504])('a GET is retried on %i', async (status) => {
		const { seen } = await send([{ status }, { status: 200, body: {} }], credits);
		expect(seen).toHaveLength(2);
	});

	test('a GET that keeps failing gives up after the bound', async () => {
		const { run, seen } = await send([{ status: 503, body: { message: 'down' } }], {
			...credits,
			attempts: '3',
		});
		expect(run.status).toBe('error');
		expect(seen).toHaveLength(3);
	});

	test('a GET whose connection drops is retried', async () => {
		const { run, seen } = await send(['drop', { status: 200, body: { credits: 2 } }], credits);
		expect(run.status).toBe('success');
		expect(seen).toHaveLength(2);
	});

	test('a malformed 200 body is an error that says so, after the retries', async () => {
		const { run, seen } = await send([{ status: 200, body: '{not json' }], {
			...credits,
			attempts: '2',
		});
		expect(run.error?.message).toBe('The service sent an unreadable answer');
		expect(run.error?.description).toContain('not valid JSON');
		expect(seen).toHaveLength(2);
	});

	test('the key never reaches an error, even when the service echoes it', async () => {
		const { run } = await send(
			[{ status: 401, body: { message: `key ${KEY} is unknown` } }],
			credits,
		);
		expect(run.error?.message).toContain('check the API key');
		expectNoKey(run);
	});

	test('continueOnFail turns the failure into an error item', async () => {
		const { run } = await send(
			[{ status: 402, body: { message: 'no credits' } }],
			createTask,
			'continueRegularOutput',
		);
		expect(run.status).toBe('success');
		const [item] = run.output('Probe');
		expect(item.json.error).toContain('Insufficient credits');
		expect(item.pairedItem).toEqual({ item: 0 });
	});

	test('a key echoed in a 2xx body is replaced before it reaches the output', async () => {
		const body = {
			taskId: 't1',
			status: 'FAILED',
			error: `upstream rejected key ${KEY}`,
			output: [{ note: KEY }],
		};
		const { run } = await send([{ status: 200, body }], credits);
		expect(run.json('Probe')[0].result).toEqual({
			...body,
			error: 'upstream rejected key ***',
			output: [{ note: '***' }],
		});
		expectNoKey(run);
	});
});
