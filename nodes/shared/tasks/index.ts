/** One module per task kind; Create nodes, Wait For Task and the trigger use only these objects. */
export type { CreatedTask, TaskCreator, TaskKind, TaskReader } from './types';
export { generationTasks } from './generation';
export { upscaleTasks } from './upscale';
export type { UpscaleRequest } from './upscale';
export { compatTasks } from './compat';
export { UnreadableAnswerError } from '../transport/answers';
