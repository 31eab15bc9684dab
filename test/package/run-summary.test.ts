import { execFileSync } from 'child_process';
import { join } from 'path';

/**
 * The headless demo's reading of a run (scripts/n8n/results.mjs, summarizeRun): every task is
 * counted, a compat task too (its id field is `id`, its status lowercase). The module is plain
 * ESM, so a child Node runs it on a made-up execution and prints the summary.
 */
const root = join(__dirname, '..', '..');

function summarize(run: unknown): {
	tasks: Array<{ taskId: string; service: string; status?: string; error?: string }>;
	lines: string[];
	success: boolean;
} {
	const script = `
		import { formatSummary, isSuccess, summarizeRun } from './scripts/n8n/results.mjs';
		const summary = summarizeRun(${JSON.stringify(run)}, { userFolder: '/nonexistent' });
		console.log(JSON.stringify({ tasks: summary.tasks, lines: formatSummary(summary), success: isSuccess(summary) }));
	`;
	const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root });
	return JSON.parse(out.toString());
}

/** An execution whose one node output `items` on its outputs. */
const runOf = (node: string, ...outputs: object[][]) => ({
	status: 'success',
	data: {
		resultData: {
			runData: {
				[node]: [
					{
						executionIndex: 0,
						data: { main: outputs.map((items) => items.map((json) => ({ json }))) },
					},
				],
			},
		},
	},
});

describe('summarizeRun (the headless demo summary)', () => {
	test('counts a compat task by its id and lowercase status, as a compat task', () => {
		const summary = summarize(
			runOf('Compat Task', [
				{ id: 'cgt_1', status: 'succeeded', model: 'video-2-0-260128' },
				{ id: 7, officialId: 'asset_1', status: 'Active' },
			]),
		);
		expect(summary.tasks).toEqual([
			expect.objectContaining({ taskId: 'cgt_1', service: 'compat', status: 'succeeded' }),
		]);
		expect(summary.lines[0]).toMatch(/^compat task cgt_1 {2}video-2-0-260128 {2}succeeded/);
		expect(summary.success).toBe(true);
	});

	test('a Simplified compat item (taskId beside id) is one task; a failed one fails the run', () => {
		const summary = summarize(
			runOf('Wait', [], [{ id: 'cgt_2', taskId: 'cgt_2', status: 'failed', error: 'boom' }]),
		);
		expect(summary.tasks).toEqual([
			expect.objectContaining({ taskId: 'cgt_2', service: 'compat', error: 'boom' }),
		]);
		expect(summary.success).toBe(false);
	});

	test('unified tasks are counted as before', () => {
		const summary = summarize(
			runOf('Create Video', [{ taskId: 'task_1', status: 'COMPLETED', creditsUsed: 40 }]),
		);
		expect(summary.tasks).toEqual([
			expect.objectContaining({ taskId: 'task_1', service: 'unified', creditsUsed: 40 }),
		]);
	});
});
