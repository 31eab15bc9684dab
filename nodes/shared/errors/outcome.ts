import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

/**
 * Marks on the errors this package throws, read by the create pipeline to report each item:
 * whether the service may have acted on a request whose answer never arrived, and whether the
 * execution was stopped. Plain properties, so they survive re-wrapping (checked along `cause`).
 */
interface Marks {
	outcomeUnknown?: boolean;
	executionStopped?: boolean;
}

function hasMark(error: unknown, mark: keyof Marks): boolean {
	let current = error;
	for (let depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
		if ((current as Marks)[mark] === true) return true;
		current = (current as { cause?: unknown }).cause;
	}
	return false;
}

/** True when a non-GET request may have been carried out (and billed) although no answer said so. */
export const isOutcomeUnknown = (error: unknown): boolean => hasMark(error, 'outcomeUnknown');

/** True when the request ended because the execution was stopped. */
export const isCancellation = (error: unknown): boolean => hasMark(error, 'executionStopped');

/** Never "retry": a second create could bill twice (docs/architecture.md, Promises: Money). */
const CHECK_FIRST =
	'Do not send it again blindly: first check whether it exists (your tasks or assets, and your credits).';

/** A non-GET request that may have reached the service, without an answer that says what happened. */
export function unconfirmedError(
	node: INode,
	head: string,
	reason: string,
	itemIndex?: number,
	httpCode?: string,
): NodeApiError {
	const error = new NodeApiError(
		node,
		{ reason },
		{
			message: `${head}, but the service may have created (and billed) it`,
			description: `${reason}. ${CHECK_FIRST}`,
			httpCode,
			itemIndex,
		},
	);
	return Object.assign(error, { outcomeUnknown: true, unconfirmed: { head, reason } });
}

/**
 * What an unconfirmed request's error said before its "may have created (and billed) it", so a
 * caller that knows what was sent can say what may exist in its own words (an upload stores an
 * asset, which is not billed); undefined for any other error.
 */
export function unconfirmedParts(error: unknown): { head: string; reason: string } | undefined {
	if (!isOutcomeUnknown(error)) return undefined;
	return (error as { unconfirmed?: { head: string; reason: string } }).unconfirmed;
}

/** The execution was stopped: before sending (nothing sent) or while waiting for the answer. */
export function stoppedError(
	node: INode,
	itemIndex: number | undefined,
	inFlight: 'get' | 'other' | false,
): NodeApiError {
	const error =
		inFlight === 'other'
			? unconfirmedError(
					node,
					'The execution was stopped before the answer',
					'The request had been sent',
					itemIndex,
				)
			: new NodeApiError(
					node,
					{ reason: 'stopped' },
					{
						message: 'The execution was stopped',
						description: inFlight ? 'The request was abandoned.' : 'No further request was sent.',
						itemIndex,
					},
				);
	return Object.assign(error, { executionStopped: true });
}

/** The deadline passed before a request could be sent: nothing was sent. */
export function outOfTimeError(node: INode, itemIndex?: number): NodeApiError {
	return new NodeApiError(
		node,
		{ reason: 'deadline' },
		{
			message: 'The time limit ran out before the request was sent',
			description: 'Nothing was sent. Raise the timeout of the node to give the service more time.',
			itemIndex,
		},
	);
}

/** What may exist after an answer nobody could read, and where the user looks before resending. */
const CHECK_CREATED = {
	task: () =>
		'The service may have created and billed a task for this item. Do not run it again blindly: check your tasks and credits first.',
	/** Each API lists its own assets: Compat Task's with Compat Task, the others' with Upload Asset. */
	asset: (node: INode) =>
		`The service may have created this asset. Do not send it again blindly: first list your assets (${/compatTask(Tool)?$/.test(node.type) ? 'Compat Task → Asset → List' : 'Upload Asset → List'}).`,
};

/** A create whose answer could not be read (or says nothing of this item): it may have been carried out. */
export function notConfirmedError(
	node: INode,
	created: keyof typeof CHECK_CREATED,
	why: string,
	itemIndex: number,
): NodeOperationError {
	return new NodeOperationError(node, `Not confirmed: ${why}`, {
		itemIndex,
		description: CHECK_CREATED[created](node),
	});
}

/** An item the node did not send, and why: nothing was created for it. */
export function notSentError(
	node: INode,
	message: string,
	description: string,
	itemIndex: number,
): NodeOperationError {
	return new NodeOperationError(node, message, { itemIndex, description });
}
