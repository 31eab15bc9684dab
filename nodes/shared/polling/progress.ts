import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { Seen } from './poller';

/**
 * What a user sees of a wait while it runs. n8n 2.40/2.41 shows a node's output only when the node
 * ends (the editor says "Executing node…", the executions list "Running"), and execution custom
 * data is saved only then too. What a running node can reach is n8n's log, printed at its default
 * level (info), and in a manual run the browser's console (sendMessageToUI). So each watched
 * task's (or asset's review's) state change and each new failure of its checks is written there,
 * with its id and the elapsed time.
 */
export function progressReporter(
	ctx: IExecuteFunctions,
	tasks: ReadonlyArray<{ id: string; itemIndex: number }>,
	noun: 'task' | 'asset' = 'task',
): (index: number, seen: Seen<IDataObject>) => void {
	const startedAt = Date.now();
	const told = tasks.map(() => '');
	return (index, { state, error }) => {
		if (state === undefined && !error) return;
		const now = error ? `checks fail: ${error.message}` : `is ${String(state?.status)}`;
		if (told[index] === now) return;
		told[index] = now;
		const { id, itemIndex } = tasks[index];
		const seconds = Math.round((Date.now() - startedAt) / 1000);
		const executionId = ctx.getExecutionId();
		const line = `${ctx.getNode().name}: ${noun} ${id} (item ${itemIndex}) ${now}, ${seconds} s into the wait (execution ${executionId})`;
		const meta = { executionId, [`${noun}Id`]: id, itemIndex, elapsedS: seconds };
		if (error) ctx.logger.warn(line, meta);
		else ctx.logger.info(line, { ...meta, status: state?.status });
		ctx.sendMessageToUI(line);
	};
}
