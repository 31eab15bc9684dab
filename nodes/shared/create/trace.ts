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
 * One line each, with the ids a person needs to find the task and its row again.
 */
export function traceSending(ctx: IExecuteFunctions, origin: Origin, price: Price): void {
	ctx.logger.info(`${ctx.getNode().name}: sending a create (${describe(origin)})`, {
		...where(ctx, origin),
		estimatedCredits: price.credits,
	});
}

export function traceCreated(
	ctx: IExecuteFunctions,
	origin: Origin,
	taskId: string,
	price: Price,
): void {
	ctx.logger.info(
		`${ctx.getNode().name}: created ${origin.kind} task ${taskId} (${describe(origin)})`,
		{
			...where(ctx, origin),
			taskId,
			estimatedCredits: price.credits,
		},
	);
}

export function traceUnknown(ctx: IExecuteFunctions, origin: Origin, why: string): void {
	ctx.logger.warn(
		`${ctx.getNode().name}: a create got no clear answer, its task may exist and be billed (${describe(origin)}): ${why}`,
		where(ctx, origin),
	);
}

const describe = ({ itemIndex, variant }: Origin) =>
	`item ${itemIndex}${variant === undefined ? '' : `, image ${variant}`}`;

function where(ctx: IExecuteFunctions, { kind, itemIndex, variant }: Origin) {
	return {
		executionId: ctx.getExecutionId(),
		workflowId: ctx.getWorkflow().id,
		node: ctx.getNode().name,
		taskKind: kind,
		itemIndex,
		...(variant === undefined ? {} : { variant }),
	};
}
