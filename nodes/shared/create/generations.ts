import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { resolveBinaryMedia } from './binary-media';
import { assessMedia } from './assess';
import { refuseUnreachableMedia } from './handed-urls';
import { listUrls } from '../transport/handed-urls';
import type { HandedUrl } from '../transport/handed-urls';
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
		screen: refuseUnreachableMedia('unified', mediaUrls, settings.allowPrivateHosts),
		assess: assessMedia,
		prepare: resolveBinaryMedia,
	});
}

/** The media lists of a createTask body the service fetches (frames travel in inputs.urls). */
const mediaUrls = ({ inputs }: CreateTaskRequest): HandedUrl[] =>
	(['urls', 'videoUrls', 'audioUrls'] as const).flatMap((list) =>
		listUrls(inputs?.[list], `inputs.${list}`),
	);
