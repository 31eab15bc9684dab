/**
 * Benchmark: N text-to-video tasks that each take T seconds on the emulator, created by Create Video
 * and waited on by Wait For Task, through n8n-core's engine. Prints wall time against T, the number
 * of status requests, and memory. Numbers only: no assertion, so a busy machine cannot fail it.
 */
import { startEmulator } from '../emulator';
import { disposeHarness } from '../harness';
import { runSteps } from '../helpers/nodes';
import { packageNode } from '../helpers/workflow';

const COUNT = Number(process.env.BENCH_TASKS ?? 100);
const TASK_MS = Number(process.env.BENCH_TASK_MS ?? 3000);

async function main() {
	const emu = await startEmulator({ port: 0, settings: { taskDurationMs: TASK_MS } });
	try {
		const items = Array.from({ length: COUNT }, (_, index) => ({ prompt: `shot ${index}` }));
		const started = Date.now();
		const run = await runSteps(
			emu,
			[
				packageNode('Create Video', 'createVideo', {
					model: 'sd2-mini',
					generationMode: 'textToVideo',
					prompt: '={{ $json.prompt }}',
					batchOptions: { concurrency: 8 },
				}),
				packageNode('Wait For Task', 'waitForTask', {
					operation: 'wait',
					waitOptions: { pollIntervalSeconds: 0.5, maxPollIntervalSeconds: 2, concurrency: 16 },
				}),
			],
			{ items },
		);
		const wall = Date.now() - started;
		const completed = run.output('Wait For Task').length;
		const log = (await (await fetch(`${emu.url}/__control/requests?path=/api/v1/jobs/queryTask`)).json()) as unknown[];
		const memory = process.memoryUsage();
		const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
		console.log(`tasks: ${COUNT} (each ${TASK_MS} ms on the emulator), completed: ${completed}`);
		console.log(`wall time: ${wall} ms = ${(wall / TASK_MS).toFixed(2)} x one task's duration (sequential waiting would be ${COUNT} x)`);
		console.log(`status requests: ${log.length} (${(log.length / COUNT).toFixed(1)} per task)`);
		console.log(`memory: rss ${mb(memory.rss)} MB, heap used ${mb(memory.heapUsed)} MB`);
	} finally {
		await emu.close();
		await disposeHarness();
	}
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
