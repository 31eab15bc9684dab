import { CompatTask } from '../../../nodes/CompatTask/CompatTask.node';

/** The node's outputs expression as n8n's editor evaluates it for a resource and operation. */
function outputs(resource: string, operation: string): unknown {
	const source = String(new CompatTask().description.outputs);
	const body = source.replace(/^=\{\{/, '').replace(/\}\}$/, '');
	return new Function('$parameter', `return ${body};`)({ resource, operation }) as unknown;
}

describe('Compat Task outputs on the canvas', () => {
	test('the waits have two labelled outputs', () => {
		expect(outputs('task', 'wait')).toEqual([
			{ type: 'main', displayName: 'Succeeded' },
			{ type: 'main', displayName: 'Incomplete' },
		]);
		expect(outputs('asset', 'waitForReview')).toEqual([
			{ type: 'main', displayName: 'Active' },
			{ type: 'main', displayName: 'Not Active' },
		]);
	});

	test('every other operation has one unlabelled output, whose place the item count takes', () => {
		for (const [resource, operation] of [
			['task', 'create'],
			['task', 'get'],
			['asset', 'list'],
			['balance', 'get'],
		])
			expect(outputs(resource, operation)).toEqual([{ type: 'main' }]);
	});
});
