import { WorkflowExecute } from 'n8n-core';
import type {
	INodeExecutionData,
	IRunExecutionData,
	IWorkflowExecuteAdditionalData,
	Workflow,
	WorkflowExecuteMode,
} from 'n8n-workflow';

type Execution = ReturnType<WorkflowExecute['run']>;

/**
 * n8n-core 2.x starts a run with an options object (`run({ workflow })`), 1.x with the workflow
 * itself (`run(workflow, startNode?, ...)`): the harness runs on either (jest.n8n-v1.config.js maps
 * n8n-core to 1.x), told apart by the number of parameters `run` declares.
 */
const TAKES_WORKFLOW_FIRST = WorkflowExecute.prototype.run.length > 1;

/**
 * Runs a workflow from its trigger, as a click on "Execute workflow" does (manual mode), or as
 * n8n's Retry of a crashed execution does when no node's output was saved (mode 'retry').
 */
export function startRun(
	additionalData: IWorkflowExecuteAdditionalData,
	workflow: Workflow,
	mode: WorkflowExecuteMode = 'manual',
	items?: INodeExecutionData[],
): Execution {
	if (mode !== 'manual' && items) return retryRun(additionalData, workflow, mode, items);
	const executor = new WorkflowExecute(additionalData, mode);
	const run = executor.run as unknown as (argument: unknown) => Execution;
	return run.call(executor, TAKES_WORKFLOW_FIRST ? workflow : { workflow });
}

/**
 * Outside manual mode a trigger passes on the data of its execution-stack entry: as in n8n's Retry,
 * whose stack starts with the trigger and the output it saved in the retried execution.
 */
function retryRun(
	additionalData: IWorkflowExecuteAdditionalData,
	workflow: Workflow,
	mode: WorkflowExecuteMode,
	items: INodeExecutionData[],
): Execution {
	const trigger = Object.values(workflow.nodes).find(
		(node) => !workflow.getParentNodes(node.name).length,
	)!;
	const data = {
		startData: {},
		resultData: { runData: {} },
		executionData: {
			contextData: {},
			metadata: {},
			nodeExecutionStack: [{ node: trigger, data: { main: [items] }, source: null }],
			waitingExecution: {},
			waitingExecutionSource: {},
		},
	} as unknown as IRunExecutionData;
	return new WorkflowExecute(additionalData, mode, data).processRunExecutionData(workflow);
}
