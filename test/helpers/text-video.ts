import type { IDataObject } from 'n8n-workflow';

import type { RunningEmulator } from '../emulator';
import { logged } from '../emulator/test-helpers';
import { packageNode } from './workflow';
import type { StepNode } from './workflow';

let nodes = 0;

/**
 * Create Video on sd2-mini text-to-video, each item's prompt, returning at once, with a node id of
 * its own (its own memory and ledger in n8n's deduplication store) and Continue On Fail.
 */
export function textToVideoNode(
	parameters: IDataObject = {},
	extra: Partial<StepNode> = {},
): StepNode {
	return packageNode(
		'Create Video',
		'createVideo',
		{
			model: 'sd2-mini',
			generationMode: 'textToVideo',
			prompt: '={{ $json.prompt }}',
			waitForCompletion: 'none',
			...parameters,
		},
		{ id: `text-to-video-${++nodes}`, onError: 'continueRegularOutput', ...extra },
	);
}

/** How many creates the emulator got for each prompt (a create's body carries its prompt). */
export async function createsPerPrompt(emu: RunningEmulator, prompts: string[]): Promise<number[]> {
	const bodies = (await logged(emu, '/api/v1/jobs/createTask')).map(({ body }) =>
		JSON.stringify(body),
	);
	return prompts.map((prompt) => bodies.filter((body) => body.includes(`"${prompt}"`)).length);
}
