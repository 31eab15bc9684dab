import type { IConnections, INode, IWorkflowBase } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import type { NodeTypeRegistry } from './registry';
import { MANUAL_TRIGGER_TYPE, createManualTrigger } from './stand-ins';
import type { RunOptions, WorkflowJson } from './types';

/** An n8n Workflow from exported JSON, over the given node types plus this run's own. */
export function createWorkflow(
	json: WorkflowJson,
	types: NodeTypeRegistry,
	options: RunOptions,
): Workflow {
	// n8n fills in parameter defaults on the node objects; the caller's JSON stays untouched.
	const { nodes, connections, settings } = structuredClone(json);
	if (options.items && !nodes.some((node) => node.type === MANUAL_TRIGGER_TYPE)) {
		throw new Error(
			`options.items are emitted by a ${MANUAL_TRIGGER_TYPE} node; this workflow has none`,
		);
	}
	return new Workflow({
		id: options.workflowId ?? 'harness',
		name: json.name ?? 'Test workflow',
		nodes: nodes as unknown as INode[],
		connections: connections as IConnections,
		active: false,
		nodeTypes: types.with({
			...(options.items && { [MANUAL_TRIGGER_TYPE]: createManualTrigger(options.items) }),
			...options.extraNodeTypes,
		}),
		staticData: structuredClone(options.staticData),
		// The editor saves new workflows with execution order v1; older exports may omit it.
		settings: { executionOrder: 'v1', ...settings },
	});
}

/** The saved-workflow record the lifecycle hooks carry. */
export function asWorkflowBase(workflow: Workflow): IWorkflowBase {
	const now = new Date();
	return {
		id: workflow.id,
		name: workflow.name ?? '',
		active: false,
		activeVersionId: null,
		isArchived: false,
		nodes: Object.values(workflow.nodes),
		connections: workflow.connectionsBySourceNode,
		settings: workflow.settings,
		createdAt: now,
		updatedAt: now,
	};
}
