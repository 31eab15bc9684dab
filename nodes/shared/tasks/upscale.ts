import type { IDataObject } from 'n8n-workflow';

import { UNIFIED_PATHS } from '../transport/api/unified';
import { UPSCALE } from '../catalog';
import { priceUpscale } from '../pricing';
import { validateUpscaleCreate } from '../rules';
import { epochMs, errorText, phaseFrom, urlsOf } from './answers';
import type { TaskKind } from './types';
import { createByPath, queryByPath } from './unified';

const [succeeded, failed] = UPSCALE.terminalStatuses;

/** Body of POST /upscale/create (Unified Generation API, § POST /upscale/create). */
export interface UpscaleRequest extends IDataObject {
	source: { type: string; url?: string; storageUrl?: string };
	targetResolution: string;
	callBackUrl?: string;
}

/** Standalone video upscaling tasks: POST /upscale/create, GET /upscale/query. */
export const upscaleTasks: TaskKind<UpscaleRequest> = {
	name: 'upscale',
	service: 'unified',
	idField: 'taskId',
	validate: (request) => validateUpscaleCreate(request),
	// Billed per second of the source: Upscale Video's sources stage reads its length where it can.
	estimate: (request) => priceUpscale(request.targetResolution, undefined),
	create: createByPath(UNIFIED_PATHS.createUpscale, (_, answer) => ({
		status: answer.status ?? null,
	})),
	query: queryByPath(UNIFIED_PATHS.queryUpscale),
	phase: phaseFrom({ succeeded, failed }),
	resultUrls: (state) => urlsOf([state.result], (result) => result.url),
	failureReason: (state) => errorText(state.error),
	times: (state) => ({
		createdAt: epochMs(state.createdAt),
		completedAt: epochMs(state.finishedAt),
	}),
};
