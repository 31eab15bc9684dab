import * as asset from '../../../nodes/CompatTask/resources/asset';
import * as assetGroup from '../../../nodes/CompatTask/resources/asset-group';
import * as assetTemplate from '../../../nodes/CompatTask/resources/asset-template';
import * as balance from '../../../nodes/CompatTask/resources/balance';
import * as task from '../../../nodes/CompatTask/resources/task';

/** Each resource's index lists its operations and their loaders in one file (docs/recipes.md). */
test.each(Object.entries({ asset, assetGroup, assetTemplate, balance, task }))(
	'every operation %s offers has its code, and every loader an option',
	async (_resource, module) => {
		const offered = module.description
			.filter((field) => field.name === 'operation')
			.flatMap((field) =>
				(field.options ?? []).map((option) => (option as { value: string }).value),
			);
		expect(offered.sort()).toEqual(Object.keys(module.operations).sort());
		for (const load of Object.values(module.operations))
			expect(typeof (await load()).execute).toBe('function');
	},
);
