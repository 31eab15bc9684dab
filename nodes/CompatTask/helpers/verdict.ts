import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import type { ValidationResult } from '../../shared/rules';

/**
 * Throws a refused verdict in the words of the Task-Compatible Video Generation API (its code, then
 * the field), before anything is sent.
 */
export function assertVerdict(
	ctx: IExecuteFunctions,
	verdict: ValidationResult,
	itemIndex: number,
): void {
	if (verdict.ok) return;
	const field = verdict.path ? `Field: ${verdict.path}. ` : '';
	throw new NodeOperationError(ctx.getNode(), `${verdict.code}: ${verdict.message}`, {
		itemIndex,
		description: `${field}Nothing was sent.`,
	});
}
