import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { COMPAT } from '../../../shared/catalog';
import { getBalance } from '../../../shared/transport/compat-api';
import { mapItems } from '../../../shared/execution/item-loop';

/**
 * The balance and markup rate (version 2: the balance as a number, as every other node gives an
 * amount; version 1: the service's four-decimal string, as released), plus whether a task can be
 * submitted: the service refuses new tasks below a balance of 100 (Task-Compatible Video Generation
 * API, § Limits).
 */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const asNumber = ctx.getNode().typeVersion >= 2;
	return [
		await mapItems(ctx, async (itemIndex) => {
			const { balance, markupRate } = await getBalance(ctx, itemIndex);
			// null when the balance is not a number the node can read: the service still decides.
			const amount = amountOf(balance);
			const canSubmitTasks = amount === null ? null : amount >= COMPAT.minBalance;
			const advice = `The balance is below the ${COMPAT.minBalance} needed to submit a task: top up before creating tasks`;
			return {
				balance: asNumber ? amount : balance,
				markupRate,
				minimumBalance: COMPAT.minBalance,
				canSubmitTasks,
				...(canSubmitTasks === false ? { advice } : {}),
			};
		}),
	];
}

/** The service's balance string as a number; null when it reads as none (empty or not a number). */
function amountOf(balance: string): number | null {
	const amount = Number(balance);
	return balance !== '' && Number.isFinite(amount) ? amount : null;
}
