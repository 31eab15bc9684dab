import { RecentDeliveries } from '../../../nodes/TaskTrigger/dedupe';
import { checkSecret } from '../../../nodes/TaskTrigger/secret';

describe('RecentDeliveries (Task Trigger dedupe)', () => {
	test('a repeat within the time to live is refused; after it, accepted again', () => {
		const seen = new RecentDeliveries(36_000, 10);
		expect(seen.firstTime('task_1:COMPLETED', 0)).toBe(true);
		expect(seen.firstTime('task_1:COMPLETED', 1_000)).toBe(false);
		expect(seen.firstTime('task_1:COMPLETED', 35_999)).toBe(false);
		expect(seen.firstTime('task_2:COMPLETED', 35_999)).toBe(true);
		expect(seen.firstTime('task_1:COMPLETED', 36_000)).toBe(true);
	});

	test('memory is bounded: the oldest keys go first, expired ones are dropped', () => {
		const seen = new RecentDeliveries(1_000, 3);
		for (const key of ['a', 'b', 'c', 'd']) seen.firstTime(key, 0);
		expect(seen.size).toBe(3);
		expect(seen.firstTime('a', 1)).toBe(true);
		seen.firstTime('e', 5_000);
		expect(seen.size).toBe(1);
	});

	test("forget drops one trigger's keys only", () => {
		const seen = new RecentDeliveries(1_000, 10);
		seen.firstTime('wf:node1:task', 0);
		seen.firstTime('wf:node2:task', 0);
		seen.forget('wf:node1:');
		expect(seen.firstTime('wf:node1:task', 1)).toBe(true);
		expect(seen.firstTime('wf:node2:task', 1)).toBe(false);
	});
});

describe('the Task Trigger secret', () => {
	test('missing, wrong and right secrets', () => {
		expect(checkSecret('s3cret', undefined)).toBe('missing');
		expect(checkSecret('s3cret', '')).toBe('missing');
		expect(checkSecret('s3cret', 's3cre')).toBe('wrong');
		expect(checkSecret('', 'anything')).toBe('wrong');
		expect(checkSecret('s3cret', 's3cret')).toBe('ok');
	});

	test('a secret given twice (?secret=a&secret=b, an array once parsed) is repeated, whatever its values', () => {
		expect(checkSecret('s3cret', ['s3cret', 'guess'])).toBe('repeated');
		expect(checkSecret('s3cret', ['s3cret', 's3cret'])).toBe('repeated');
		expect(checkSecret('s3cret', ['guess'])).toBe('repeated');
	});
});
