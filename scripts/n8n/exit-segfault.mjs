// The one workaround for n8n's default (`vm`) expression engine in these scripts, and where it applies:
// the one-shot CLI commands `n8n execute` and `n8n execute-batch` of n8n 2.x.
//
// Those commands call process.exit() as soon as the run is printed, while the engine's isolate pool
// (@n8n/expression-runtime, IsolatePool.replenish) is still building the isolate that replaces the
// one the run released. isolated-vm's thread then runs V8 code in a process that is being torn down,
// and the process dies with SIGSEGV after all its output (gdb on the core: the main thread in
// exit() → ivm::thread_pool_t::~thread_pool_t joining that thread; the thread in V8's allocator
// calling a null pointer). Measured on a minimal workflow (Manual Trigger → Set with one expression),
// n8n 2.40.7: 6 of 8 runs under `vm`, none under `quickjs`. `n8n start`, its workers and webhook
// processes dispose of the pool on shutdown and never showed it.
//
// By then the execution is finished and saved, and its result printed (or the batch's summary
// written): a SIGSEGV after a complete result is read as the exit n8n was making. Any other crash
// (no complete result) stays a crash.

/**
 * The process result as n8n meant it: a SIGSEGV after a complete result becomes the exit code n8n
 * itself gives for that result (1 for a failed run or batch, else 0), marked `crashedAtExit`.
 * @template {{ code: number | null, signal: string | null }} R
 * @param {R} result the process result of runN8n
 * @param {0 | 1 | undefined} meantCode the code for the complete result, undefined when there is none
 * @returns {R & { crashedAtExit?: 'SIGSEGV' }}
 */
export function exitAsMeant(result, meantCode) {
	if (result.signal !== 'SIGSEGV' || meantCode === undefined) return result;
	return { ...result, code: meantCode, signal: null, crashedAtExit: 'SIGSEGV' };
}

/** `n8n execute --rawOutput`'s exit code for a printed run: 1 when the run failed. */
export function executeExitCode(run) {
	if (!run?.data?.resultData) return undefined;
	return run.data.resultData.error ? 1 : 0;
}

/** `n8n execute-batch --output`'s exit code for a written summary: 1 when a workflow failed. */
export function batchExitCode(summary) {
	const counts = summary?.summary;
	if (!counts) return undefined;
	return counts.failedExecutions > 0 ? 1 : 0;
}
