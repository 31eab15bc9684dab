import type { IExecuteFunctions } from 'n8n-workflow';

import { refusedBeforeSending } from '../../shared/errors';
import type { ValidationResult } from '../../shared/rules';

/**
 * Throws a refused verdict in the words of the Task-Compatible Video Generation API (its code, then
 * the field), before anything is sent: the one refusal error every node builds.
 */
export function assertVerdict(
	ctx: IExecuteFunctions,
	verdict: ValidationResult,
	itemIndex: number,
): void {
	if (!verdict.ok) throw refusedBeforeSending(ctx, itemIndex, verdict);
}
