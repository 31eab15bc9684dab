import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	ITriggerFunctions,
	ITriggerResponse,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

/**
 * STAND-IN for n8n-nodes-base's Manual Trigger (“When clicking ‘Execute workflow’”), which is not a
 * dependency of this package. Like the real node it is a trigger that, in manual mode, emits one
 * empty item. `createManualTrigger(items)` makes one that emits the given items instead, which is how
 * a test feeds a workflow (each item paired to its index, so lineage checks downstream can follow it).
 */
export const MANUAL_TRIGGER_TYPE = 'n8n-nodes-base.manualTrigger';

const description: INodeTypeDescription = {
	displayName: 'Manual Trigger (harness stand-in)',
	name: 'manualTrigger',
	group: ['trigger'],
	version: 1,
	description: 'Stand-in for n8n-nodes-base.manualTrigger: emits the items the test gives',
	defaults: { name: 'When clicking ‘Execute workflow’' },
	inputs: [],
	outputs: [NodeConnectionTypes.Main],
	properties: [],
};

export function createManualTrigger(items: IDataObject[] = [{}]): INodeType {
	const emitted = (): INodeExecutionData[] =>
		items.map((json, index) => ({ json: structuredClone(json), pairedItem: { item: index } }));

	return {
		description,
		async trigger(this: ITriggerFunctions): Promise<ITriggerResponse> {
			const manualTriggerFunction = async () => this.emit([emitted()]);
			return { manualTriggerFunction };
		},
	};
}
