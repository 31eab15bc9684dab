import { WorkflowExecute } from 'n8n-core';
import type { IWorkflowExecuteAdditionalData, Workflow } from 'n8n-workflow';

type Execution = ReturnType<WorkflowExecute['run']>;

/**
 * n8n-core 2.x starts a run with an options object (`run({ workflow })`), 1.x with the workflow
 * itself (`run(workflow, startNode?, ...)`): the harness runs on either (jest.n8n-v1.config.js maps
 * n8n-core to 1.x), told apart by the number of parameters `run` declares.
 */
const TAKES_WORKFLOW_FIRST = WorkflowExecute.prototype.run.length > 1;

/** Runs a workflow from its trigger, as a click on "Execute workflow" does (manual mode). */
export function startRun(
	additionalData: IWorkflowExecuteAdditionalData,
	workflow: Workflow,
): Execution {
	const executor = new WorkflowExecute(additionalData, 'manual');
	const run = executor.run as unknown as (argument: unknown) => Execution;
	return run.call(executor, TAKES_WORKFLOW_FIRST ? workflow : { workflow });
}
