import { COMPAT_CREDENTIAL, packageNode } from '../helpers/workflow';
import type { StepNode } from '../helpers/workflow';

/** A Compat Task node step on the Task-Compatible Video API credential. */
export const compatNode = (name: string, parameters: Record<string, unknown>, extra: Partial<StepNode> = {}) =>
	packageNode(name, 'compatTask', parameters, { credentials: COMPAT_CREDENTIAL, ...extra });
