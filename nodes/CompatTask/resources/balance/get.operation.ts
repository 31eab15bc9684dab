import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { COMPAT } from '../../../shared/catalog';
import { getBalance } from '../../../shared/transport/compat-api';
import { mapItems } from '../../../shared/execution/item-loop';

/**
 * The balance (the service's four-decimal string) and markup rate, plus whether a task can be
 * submitted: the service refuses new tasks below a balance of 100 (Task-Compatible Video Generation
 * API, § Limits).
 */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return [
		await mapItems(ctx, async (itemIndex) => {
			const { balance, markupRate } = await getBalance(ctx, itemIndex);
			const amount = Number(balance);
			// null when the balance is not a number the node can read: the service still decides.
			const canSubmitTasks =
				balance !== '' && Number.isFinite(amount) ? amount >= COMPAT.minBalance : null;
			const advice = `The balance is below the ${COMPAT.minBalance} needed to submit a task: top up before creating tasks`;
			return {
				balance,
				markupRate,
				minimumBalance: COMPAT.minBalance,
				canSubmitTasks,
				...(canSubmitTasks === false ? { advice } : {}),
			};
		}),
	];
}
