import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

/** An operation's module: its execute (its fields live apart, in what the description imports). */
interface OperationModule {
	execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]>;
}

/**
 * Loads an operation's module. n8n requires every node at start-up to read its description; the
 * code that runs an operation (API clients, rules, waiting) is most of a node's modules, so it is
 * loaded when the operation first runs (`npm run bench` measures the start-up cost).
 */
export type OperationLoader = () => Promise<OperationModule>;

/** Runs the operation chosen under `key` (e.g. "upload", or "task.create" for a resource's operation). */
export async function runOperation(
	ctx: IExecuteFunctions,
	loaders: Record<string, OperationLoader>,
	key: string,
): Promise<INodeExecutionData[][]> {
	const load = Object.hasOwn(loaders, key) ? loaders[key] : undefined;
	if (!load) throw new NodeOperationError(ctx.getNode(), `Unknown operation "${key}"`);
	return await (await load()).execute(ctx);
}
