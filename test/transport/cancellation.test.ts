import { createTask, credits, sendAndStop } from './run-probe';

/** Stopping must end the node within moments; the old behaviour waited out a timeout or a sleep. */
const AT_ONCE_MS = 5000;

describe('stopping the execution', () => {
	test('aborts a GET in flight and sends nothing more', async () => {
		const { run, seen, afterStopMs } = await sendAndStop(['hang'], {
			...credits,
			attempts: '4',
			report: '1',
		});
		expect(afterStopMs).toBeLessThan(AT_ONCE_MS);
		expect(seen).toHaveLength(1);
		const [failure] = run.json('Probe');
		expect(failure.error).toBe('The execution was stopped');
		expect(failure.cancelled).toBe(true);
	});

	test('ends a retry sleep at once and sends nothing more', async () => {
		const reply = { status: 503, headers: { 'retry-after': '20' } };
		const { run, seen, afterStopMs } = await sendAndStop([reply], {
			...credits,
			attempts: '4',
			report: '1',
		});
		expect(afterStopMs).toBeLessThan(AT_ONCE_MS);
		expect(seen).toHaveLength(1);
		expect(run.json('Probe')[0].cancelled).toBe(true);
	});

	test('a create stopped before its answer says it may exist', async () => {
		const { run, seen } = await sendAndStop(['hang'], { ...createTask, report: '1' });
		expect(seen).toHaveLength(1);
		const [failure] = run.json('Probe');
		expect(failure.error).toContain('The execution was stopped');
		expect(failure.error).toContain('may have created (and billed) it');
		expect(failure.cancelled).toBe(true);
		expect(failure.outcomeUnknown).toBe(true);
	});
});
