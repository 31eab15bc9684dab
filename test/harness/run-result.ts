import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type {
	ExecutionBaseError,
	IDataObject,
	INodeExecutionData,
	IRun,
	Workflow,
} from 'n8n-workflow';

import type { BinaryContent, RunResult } from './types';

/** What a test reads from a finished execution: status, error, each node's items and binary data. */
export function toRunResult(
	run: IRun,
	workflow: Workflow,
	credentialReads: ReadonlyMap<string, number>,
	executionId: string,
): RunResult {
	const { runData, error } = run.data.resultData;

	const output = (nodeName: string, outputIndex = 0): INodeExecutionData[] => {
		const runs = runData[nodeName];
		if (!runs?.length) {
			throw new Error(
				`Node "${nodeName}" did not run; these did: ${Object.keys(runData).join(', ')}`,
			);
		}
		const last = runs[runs.length - 1];
		if (last.error && !last.data) {
			throw new Error(`Node "${nodeName}" failed: ${last.error.message}`);
		}
		return last.data?.main?.[outputIndex] ?? [];
	};

	const binary = async (nodeName: string, itemIndex = 0, key = 'data'): Promise<BinaryContent> => {
		const item = output(nodeName)[itemIndex];
		const stored = item?.binary?.[key];
		if (!stored) {
			throw new Error(`Item ${itemIndex} of "${nodeName}" has no binary property "${key}"`);
		}
		const data = await Container.get(BinaryDataService).getAsBuffer(stored);
		const { mimeType, fileName, fileSize } = stored;
		return { data, mimeType, fileName, fileSize };
	};

	return {
		executionId,
		status: run.status,
		error: error && describeError(error),
		output,
		json: (nodeName, outputIndex) => output(nodeName, outputIndex).map((item) => item.json),
		binary,
		runData,
		// A plain copy: n8n tracks changes to static data through proxies.
		staticData: JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject,
		credentialReads: new Map(credentialReads),
	};
}

function describeError(error: ExecutionBaseError): NonNullable<RunResult['error']> {
	const node = (error as { node?: { name?: string } }).node?.name;
	return { message: error.message, description: error.description ?? undefined, node };
}
