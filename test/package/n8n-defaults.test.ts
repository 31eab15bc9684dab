/**
 * Every real-n8n suite, the demo and the bench run n8n 2.x on its defaults, the `vm` expression
 * engine included; the one workaround that engine needs (a SIGSEGV of `n8n execute` at exit, after
 * its complete result: scripts/n8n/exit-segfault.mjs) applies to a complete result only.
 */
import { execFileSync } from 'child_process';
import { join } from 'path';

const root = join(__dirname, '..', '..');

/** Runs an ESM snippet under this Node in the repository and returns what it printed as JSON. */
function computed<T>(code: string): T {
	const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root });
	return JSON.parse(out.toString()) as T;
}

test("n8n 2.x releases start on n8n's default expression engine", () => {
	const engines = computed<Record<string, string | null>>(`
		import { N8N_RELEASES, n8nLayout } from './scripts/n8n/paths.mjs';
		import { n8nEnv } from './scripts/n8n/run.mjs';
		delete process.env.N8N_EXPRESSION_ENGINE;
		const out = {};
		for (const version of Object.keys(N8N_RELEASES).filter((v) => v.startsWith('2.')))
			out[version] = n8nEnv('/tmp/n8n-defaults', {}, n8nLayout(version)).N8N_EXPRESSION_ENGINE ?? null;
		process.stdout.write(JSON.stringify(out));`);
	expect(Object.keys(engines).length).toBeGreaterThanOrEqual(2);
	for (const engine of Object.values(engines)) expect(engine).toBeNull();
});

describe('a SIGSEGV of `n8n execute` at exit', () => {
	const cases = computed<Record<string, unknown>>(`
		import { batchExitCode, executeExitCode, exitAsMeant } from './scripts/n8n/exit-segfault.mjs';
		const segv = { code: null, signal: 'SIGSEGV' };
		const ok = { data: { resultData: { runData: {} } } };
		const failed = { data: { resultData: { runData: {}, error: { message: 'x' } } } };
		process.stdout.write(JSON.stringify({
			afterRun: exitAsMeant(segv, executeExitCode(ok)),
			afterFailedRun: exitAsMeant(segv, executeExitCode(failed)),
			withoutRun: exitAsMeant(segv, executeExitCode(undefined)),
			afterBatch: exitAsMeant(segv, batchExitCode({ summary: { failedExecutions: 0 } })),
			afterFailedBatch: exitAsMeant(segv, batchExitCode({ summary: { failedExecutions: 2 } })),
			withoutSummary: exitAsMeant(segv, batchExitCode(undefined)),
			otherSignal: exitAsMeant({ code: null, signal: 'SIGABRT' }, executeExitCode(ok)),
			cleanExit: exitAsMeant({ code: 1, signal: null }, executeExitCode(ok)),
		}));`);

	test('after a complete result it is the exit n8n was making, and says so', () => {
		const meant = (code: number) => ({ code, signal: null, crashedAtExit: 'SIGSEGV' });
		expect(cases.afterRun).toEqual(meant(0));
		expect(cases.afterFailedRun).toEqual(meant(1));
		expect(cases.afterBatch).toEqual(meant(0));
		expect(cases.afterFailedBatch).toEqual(meant(1));
	});

	test('without a complete result, or any other exit, stays what it was', () => {
		expect(cases.withoutRun).toEqual({ code: null, signal: 'SIGSEGV' });
		expect(cases.withoutSummary).toEqual({ code: null, signal: 'SIGSEGV' });
		expect(cases.otherSignal).toEqual({ code: null, signal: 'SIGABRT' });
		expect(cases.cleanExit).toEqual({ code: 1, signal: null });
	});
});
