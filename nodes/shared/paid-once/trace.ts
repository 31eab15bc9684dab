import type { IExecuteFunctions } from 'n8n-workflow';

import type { Price } from '../pricing';

/** Where a create belongs: which execution, workflow, node and input item (row). */
interface Origin {
	kind: string;
	itemIndex: number;
	variant?: number;
}

/**
 * n8n's log at its default level (info), written as each create is sent and answered: the one
 * record of a paid task that exists from the moment the service answers, whatever happens to the
 * process after (a crash, a killed worker, a Stop: n8n saves a node's output only when it ends).
 * At n8n's default log settings the console prints a line's message only, not its metadata, so
 * the message itself names the task, the item, the execution, the workflow and the estimate.
 */
export function traceSending(ctx: IExecuteFunctions, origin: Origin, price: Price): void {
	ctx.logger.info(
		`${ctx.getNode().name}: sending a create (${describe(ctx, origin, price)})`,
		where(ctx, origin, price),
	);
}

export function traceCreated(
	ctx: IExecuteFunctions,
	origin: Origin,
	taskId: string,
	price: Price,
): void {
	ctx.logger.info(
		`${ctx.getNode().name}: created ${origin.kind} task ${taskId} (${describe(ctx, origin, price)})`,
		{ ...where(ctx, origin, price), taskId },
	);
}

export function traceUnknown(
	ctx: IExecuteFunctions,
	origin: Origin,
	price: Price,
	why: string,
): void {
	ctx.logger.warn(
		`${ctx.getNode().name}: a create got no clear answer, its task may exist and be billed (${describe(ctx, origin, price)}): ${why}`,
		where(ctx, origin, price),
	);
}

const estimate = ({ credits }: Price) => (credits === null ? 'unknown' : `${credits} credits`);

function describe(ctx: IExecuteFunctions, { itemIndex, variant }: Origin, price: Price): string {
	const image = variant === undefined ? '' : `, image ${variant}`;
	return `item ${itemIndex}${image}, execution ${ctx.getExecutionId()}, workflow ${ctx.getWorkflow().id}, estimate ${estimate(price)}`;
}

function where(ctx: IExecuteFunctions, { kind, itemIndex, variant }: Origin, price: Price) {
	return {
		executionId: ctx.getExecutionId(),
		workflowId: ctx.getWorkflow().id,
		node: ctx.getNode().name,
		taskKind: kind,
		itemIndex,
		...(variant === undefined ? {} : { variant }),
		estimatedCredits: price.credits,
	};
}
