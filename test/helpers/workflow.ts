import type { WorkflowJson, WorkflowNodeJson } from '../harness';

export const PACKAGE = 'n8n-nodes-unified-generation';

export const UNIFIED_CREDENTIAL = { unifiedGenerationApi: { id: '1', name: 'Unified account' } };
export const COMPAT_CREDENTIAL = { compatVideoApi: { id: '2', name: 'Compat account' } };

export interface StepNode {
	/** The node's id (n8n's deduplication store keeps a node's memory by it). */
	id?: string;
	name: string;
	type: string;
	parameters: Record<string, unknown>;
	credentials?: WorkflowNodeJson['credentials'];
	onError?: string;
	typeVersion?: number;
	retryOnFail?: boolean;
	maxTries?: number;
	waitBetweenTries?: number;
}

/**
 * A workflow as the editor exports it: a Manual Trigger followed by `steps` in a chain, each
 * connected from output 0 of the one before (or from `from` = [name, outputIndex]).
 */
export function chainWorkflow(steps: Array<StepNode & { from?: [string, number] }>): WorkflowJson {
	const nodes: WorkflowNodeJson[] = [
		{
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
	];
	const connections: WorkflowJson['connections'] = {};
	let previous = 'Start';
	steps.forEach(({ from, ...step }, index) => {
		nodes.push({ typeVersion: 1, position: [(index + 1) * 220, 0], ...step });
		const [source, output] = from ?? [previous, 0];
		const outputs = (connections[source] ??= { main: [] }).main;
		while (outputs.length <= output) outputs.push([]);
		outputs[output]!.push({ node: step.name, type: 'main', index: 0 });
		previous = step.name;
	});
	return { name: 'Test workflow', nodes, connections, settings: { executionOrder: 'v1' } };
}

/** A node of this package, as `<package>.<name>` (how installed community nodes are typed). */
export function packageNode(
	name: string,
	type: string,
	parameters: Record<string, unknown>,
	extra: Partial<StepNode> = {},
): StepNode {
	return {
		name,
		type: `${PACKAGE}.${type}`,
		parameters,
		credentials: UNIFIED_CREDENTIAL,
		...extra,
	};
}
