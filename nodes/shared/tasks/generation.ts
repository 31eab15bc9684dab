import { UNIFIED_PATHS } from '../transport/api/unified';
import { TASK } from '../catalog';
import { priceRequest } from '../pricing';
import { validateRequest } from '../rules';
import type { CreateTaskRequest } from '../rules';
import { epochMs, errorText, phaseFrom, urlsOf } from './answers';
import type { TaskKind } from './types';
import { createByPath, queryByPath } from './unified';

const [succeeded, failed] = TASK.terminalStatuses;

const create = createByPath<CreateTaskRequest>(UNIFIED_PATHS.createTask, (request) => ({
	model: request.model,
}));

/** Video and image generation tasks: POST /jobs/createTask, GET /jobs/queryTask. */
export const generationTasks: TaskKind<CreateTaskRequest> = {
	name: 'generation',
	service: 'unified',
	idField: 'taskId',
	validate: (request) => validateRequest(request),
	estimate: (request) => priceRequest(request),
	create,
	query: queryByPath(UNIFIED_PATHS.queryTask),
	phase: phaseFrom({ succeeded, failed }),
	resultUrls: (state) => urlsOf(state.output, (file) => file.url),
	failureReason: (state) => errorText(state.error),
	times: (state) => ({
		createdAt: epochMs(state.createTime),
		completedAt: epochMs(state.completeTime),
	}),
};
