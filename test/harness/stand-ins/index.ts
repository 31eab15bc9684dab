import type { AnyNodeType } from '../registry';
import { MANUAL_TRIGGER_TYPE, createManualTrigger } from './manual-trigger';
import { NO_OP_TYPE, noOp } from './no-op';

export { MANUAL_TRIGGER_TYPE, createManualTrigger } from './manual-trigger';

/** The n8n-nodes-base nodes that workflows exported from the editor typically contain. */
export const standIns = (): Record<string, AnyNodeType> => ({
	[MANUAL_TRIGGER_TYPE]: createManualTrigger(),
	[NO_OP_TYPE]: noOp,
});
