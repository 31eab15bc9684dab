import type { INode } from 'n8n-workflow';

import { refusedBeforeSending } from '../errors';
import type { Fault } from '../errors';

declare const CHECKED: unique symbol;

/** Parameters their node's check passed: a request builder that takes them need not check again. */
export type Checked<P> = P & { readonly [CHECKED]: true };

/**
 * One item's parameters, checked: what the request could not express is refused here, before
 * anything is sent, by the one refusal builder (the field by its label).
 */
export function checkedParameters<P>(
	ctx: { getNode(): INode },
	itemIndex: number,
	parameters: P,
	check: (parameters: P) => Fault | undefined,
): Checked<P> {
	const fault = check(parameters);
	if (fault) throw refusedBeforeSending(ctx, itemIndex, fault);
	return parameters as Checked<P>;
}
