import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

/**
 * Version 2: an item the wait read (it has an `outcome`) drops the `nextStep` a Create node's
 * Return at Once gave it ("…is still running"): the task's state is known now, and an item that
 * did not complete says its own next step in `error`. Version 1 passes its input on as released.
 */
export function withoutStaleNextStep(
	ctx: IExecuteFunctions,
	outputs: INodeExecutionData[][],
): INodeExecutionData[][] {
	if (ctx.getNode().typeVersion < 2) return outputs;
	return outputs.map((items) => items.map(dropNextStep));
}

function dropNextStep(item: INodeExecutionData): INodeExecutionData {
	if (item.json.outcome === undefined || !('nextStep' in item.json)) return item;
	const json = { ...item.json };
	delete json.nextStep;
	return { ...item, json };
}
