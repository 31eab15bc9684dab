import type { IDataObject } from 'n8n-workflow';

import { runWorkflow } from '../harness';
import { probeRun, createTask, send } from './run-probe';
import { scriptedServer } from './scripted-server';
import type { Reply } from './scripted-server';

const HTML = { 'content-type': 'text/html' };
const PROXY_PAGE = '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>';

/** The user must read that it may exist and be billed, and must never be told to retry. */
function expectUnconfirmed(failure: IDataObject) {
	expect(failure.outcomeUnknown).toBe(true);
	expect(failure.error).toContain('may have created (and billed) it');
	expect(failure.description).toContain('first check whether it exists');
	expect(`${failure.error} ${failure.description}`).not.toMatch(/retry/i);
}

describe('a create whose outcome is unknown', () => {
	test.each<[string, Reply]>([
		['the connection is reset after the request was sent', 'drop'],
		['a proxy answers 502 with an HTML page', { status: 502, body: PROXY_PAGE, headers: HTML }],
		['the service answers 500 with JSON', { status: 500, body: { message: 'boom' } }],
		['the service answers 503', { status: 503 }],
		['a 2xx body is not JSON', { status: 200, body: '<html>ok</html>', headers: HTML }],
	])('%s: says it may have been created, is sent once', async (_, reply) => {
		const { run, seen } = await send([reply, { status: 200, body: { taskId: 'second' } }], {
			...createTask,
			report: '1',
		});
		expectUnconfirmed(run.json('Probe')[0]);
		expect(seen).toHaveLength(1);
	});

	test('the service message of a 5xx is still shown, the HTML of a proxy page is not', async () => {
		const { run } = await send([{ status: 502, body: PROXY_PAGE, headers: HTML }], createTask);
		expect(run.error?.message).toContain('HTTP 502');
		expect(run.error?.description).not.toContain('<html>');
		const { run: json } = await send(
			[{ status: 500, body: { message: 'queue full' } }],
			createTask,
		);
		expect(json.error?.description).toContain('The service said: queue full');
	});
});

describe('a create the service clearly refused', () => {
	test.each([400, 401, 402, 403, 404, 429])('HTTP %i is not an unknown outcome', async (status) => {
		const { run, seen } = await send([{ status, body: { message: 'no' } }], {
			...createTask,
			report: '1',
		});
		expect(run.json('Probe')[0].outcomeUnknown).toBe(false);
		expect(run.json('Probe')[0].httpCode).toBe(String(status));
		expect(seen).toHaveLength(1);
	});

	test('a refused connection says that nothing was sent', async () => {
		const closed = await scriptedServer([]);
		await closed.close();
		const run = await runWorkflow(...probeRun(closed.url, { ...createTask, report: '1' }));
		const [failure] = run.json('Probe');
		expect(failure.outcomeUnknown).toBe(false);
		expect(failure.error).toContain('nothing was sent');
	});
});
