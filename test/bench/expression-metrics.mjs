// What n8n's expression engine did over a row (issue 43: where the package's CPU beside the anchor's
// goes): its own counters on n8n's /metrics (N8N_METRICS=true). On `vm` each acquired sandbox is a
// fresh V8 isolate: n8n disposes it on release and builds the next one, so the isolates acquired
// per execution price what an execution costs the engine beyond its expressions. Plain Node ESM.

/** The counters read, by what the bench calls them: n8n's names with its `n8n_` prefix. */
const COUNTERS = {
	isolates: 'n8n_expression_pool_acquired_total',
	coldStarts: 'n8n_expression_pool_cold_start_sync_total',
	evaluations: 'n8n_expression_evaluation_duration_seconds_count',
};

/** What `n8n start` needs to serve the counters. */
export const metricsEnv = () => ({ N8N_METRICS: 'true' });

/** Each counter's value now, summed over its labels (0 when n8n has not counted it yet). */
export async function expressionCounters(baseUrl) {
	const text = await (await fetch(`${baseUrl}/metrics`)).text();
	const counts = {};
	for (const [key, name] of Object.entries(COUNTERS))
		counts[key] = text
			.split('\n')
			.filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
			.reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
	return counts;
}

/** `after` minus `before`, counter by counter. */
export const counterGrowth = (before, after) =>
	Object.fromEntries(Object.keys(COUNTERS).map((key) => [key, after[key] - before[key]]));

/** How a row's growth reads, per execution of `executions`. */
export function expressionLine({ isolates, coldStarts, evaluations }, executions) {
	const per = (value) => (value / executions).toFixed(2);
	return `expression engine: ${isolates} sandboxes acquired (${per(isolates)} per execution, ${coldStarts} cold), ${evaluations} expressions evaluated (${per(evaluations)} per execution)`;
}
