import type { IDataObject } from 'n8n-workflow';

import { runWorkflow } from '../harness';
import { chainWorkflow, packageNode } from '../helpers/workflow';
import type { StepNode } from '../helpers/workflow';

/** A key that must never appear in any output, error or log line. */
export const FAULT_KEY = 'sk-fault-matrix-key-7f3a9c';

/** Runs Manual Trigger → steps against a fake service at `url`. */
export function runAgainst(
	url: string,
	steps: Array<StepNode & { from?: [string, number] }>,
	options: { items?: IDataObject[]; cancelAfterMs?: number } = {},
) {
	return runWorkflow(chainWorkflow(steps), {
		credentials: {
			unifiedGenerationApi: { apiKey: FAULT_KEY, baseUrl: `${url}/api/v1` },
			compatVideoApi: { apiKey: FAULT_KEY, baseUrl: url },
		},
		items: options.items,
		cancelAfterMs: options.cancelAfterMs,
	});
}

/** Create Video, text to video on sd2, one task per item's prompt. */
export function createVideo(parameters: IDataObject = {}, extra: Partial<StepNode> = {}) {
	return packageNode(
		'Create Video',
		'createVideo',
		{
			model: 'sd2',
			generationMode: 'textToVideo',
			prompt: '={{ $json.prompt }}',
			...parameters,
		},
		extra,
	);
}

export function waitForTask(parameters: IDataObject = {}, extra: Partial<StepNode> = {}) {
	return packageNode('Wait For Task', 'waitForTask', { operation: 'wait', ...parameters }, extra);
}

export const prompts = (count: number) =>
	Array.from({ length: count }, (_, index) => ({ prompt: `shot ${index}` }));
