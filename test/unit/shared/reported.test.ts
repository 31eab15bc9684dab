import { hasTask, toOutput, toReported } from '../../../nodes/shared/create/reported';
import type { SubmittedItem } from '../../../nodes/shared/create/submit';

const submitted: SubmittedItem = {
	itemIndex: 2,
	variant: 1,
	task: { id: 'task-7', json: { taskId: 'task-7', orderId: 'o-1' } },
	price: { credits: 30 },
};

describe('a created task travels by its typed id; its json is written once, at output', () => {
	test('the report holds the task itself, not its fields copied into json', () => {
		const reported = toReported(submitted);
		expect(hasTask(reported) && reported.created.task.id).toBe('task-7');
		expect(reported.json).toEqual({});
	});

	test('output: the task fields, the variant, the price, then what the wait learnt', () => {
		const waited = { ...toReported(submitted), json: { status: 'SUCCEEDED' } };
		expect(toOutput(waited)).toEqual({
			json: {
				taskId: 'task-7',
				orderId: 'o-1',
				variant: 1,
				estimatedCredits: 30,
				status: 'SUCCEEDED',
			},
			pairedItem: { item: 2 },
		});
		expect(Object.keys(toOutput(waited).json)).toEqual([
			'taskId',
			'orderId',
			'variant',
			'estimatedCredits',
			'status',
		]);
	});
});
