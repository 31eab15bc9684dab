import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { resolveBinaryMedia } from './binary-media';
import { assessMedia } from './assess';
import { generationTasks } from '../tasks';
import type { CreateTaskRequest } from '../rules';
import { runCreate } from './run';
import type { RunSettings } from './run';
import type { RequestBuilder } from './plan';

/**
 * Create Video's and Create Image's run: generation tasks whose media are assessed (priced from
 * their real lengths) and, from binary data, uploaded before any create.
 */
export async function runGenerations(
	ctx: IExecuteFunctions,
	build: RequestBuilder<CreateTaskRequest>,
	settings: RunSettings,
): Promise<INodeExecutionData[][]> {
	return await runCreate(ctx, {
		kind: generationTasks,
		build,
		settings,
		assess: assessMedia,
		prepare: resolveBinaryMedia,
	});
}
