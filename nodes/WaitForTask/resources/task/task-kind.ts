import type { IExecuteFunctions } from 'n8n-workflow';

import { generationTasks, upscaleTasks } from '../../../shared/tasks';
import type { TaskReader } from '../../../shared/tasks';

/** The task kinds this node reads, by the value of its Task Type field. */
const KINDS = { generation: generationTasks, upscale: upscaleTasks } as const;

export function taskKindOf(ctx: IExecuteFunctions): TaskReader {
	const type = ctx.getNodeParameter('taskType', 0, 'generation') as keyof typeof KINDS;
	return KINDS[type] ?? generationTasks;
}
