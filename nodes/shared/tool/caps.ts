import type { IExecuteFunctions } from 'n8n-workflow';

/** Credits reserved or spent by a tool per execution and node, in this process (an agent's calls all run in one). */
const spent = new Map<string, number>();
/** Executions remembered at most: the oldest is dropped first (a finished execution makes no more calls). */
const REMEMBERED = 1000;

/** A tool's Credit Cap per Call and per Execution (nodes/settings/tool.ts), read by nodes/settings/create.ts. */
export interface ToolCaps {
	perCall: number;
	perExecution: number;
}

/** A tool call's share of its caps: `budget` for the create pipeline, `settle` once the creates are known. */
export interface ToolBudget {
	budget: number;
	/** Why an item over `budget` is refused, in words a model can pass on (BUDGET_EXCEEDED's fix). */
	fix: (estimate: number) => string;
	/** Gives back what the call reserved and did not spend (refused, not sent). */
	settle(credits: number): void;
}

/**
 * The budget of one tool call (nodes/settings/tool.ts: Credit Cap per Call and per Execution), the user's
 * Budget (Credits) too when set. The share is reserved before anything is priced, with no await
 * between reading and writing, so calls the model makes at once split the execution's cap instead
 * of each seeing all of it. Undefined for a workflow node (the caps are tool fields).
 */
export function reserveToolBudget(
	ctx: IExecuteFunctions,
	caps: ToolCaps | undefined,
	userBudget: number,
): ToolBudget | undefined {
	if (!caps) return undefined;
	const { perCall, perExecution } = caps;
	const key = `${ctx.getExecutionId()}\u0000${ctx.getNode().name}`;
	const before = spent.get(key) ?? 0;
	const left = Math.max(0, perExecution - before);
	const reserved = Math.min(perCall, left, userBudget > 0 ? userBudget : Infinity);
	remember(key, before + reserved);
	return {
		// a positive budget below any price refuses every priced item when nothing is left
		budget: reserved > 0 ? reserved : Number.MIN_VALUE,
		fix: (estimate) =>
			`This call would spend ${estimate} credits; the tool may spend ${reserved} now (Credit Cap per Call ${perCall}, ${left} left of ${perExecution} per Execution${userBudget > 0 ? `, Budget ${userBudget}` : ''}). Nothing was created or charged. Tell the user: the tool's settings (model, length, resolution) or its Credit Caps must change for this request.`,
		settle: (credits) => remember(key, (spent.get(key) ?? 0) - reserved + credits),
	};
}

function remember(key: string, credits: number): void {
	spent.delete(key);
	spent.set(key, credits);
	if (spent.size > REMEMBERED) spent.delete(spent.keys().next().value as string);
}
