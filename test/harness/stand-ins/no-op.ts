import type { IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

/**
 * STAND-IN for n8n-nodes-base's No Operation node ("No Operation, do nothing"), which is not a
 * dependency of this package: passes its input items through unchanged. Handy as the last node of
 * a test workflow, whose output is then what the node before it produced.
 */
export const NO_OP_TYPE = 'n8n-nodes-base.noOp';

export const noOp: INodeType = {
	description: {
		displayName: 'No Operation (harness stand-in)',
		name: 'noOp',
		group: ['organization'],
		version: 1,
		description: 'Stand-in for n8n-nodes-base.noOp: passes items through',
		defaults: { name: 'No Operation, do nothing' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	},
};
