import type { INodeProperties } from 'n8n-workflow';

/**
 * Shared wait fields with the compat API's cadence: Task-Compatible Video
 * Generation API, § Limits recommends polling every 10-30 s, so the first wait defaults to 10 s
 * (COMPAT_POLL is the same when unset).
 */
export function compatWaitFields(properties: INodeProperties[]): INodeProperties[] {
	return properties.map((property) => ({
		...property,
		...(property.name === 'waitOptions'
			? { options: property.options?.map(withCompatInterval) }
			: {}),
	}));
}

function withCompatInterval<T>(option: T): T {
	const field = option as INodeProperties;
	if (field.name !== 'pollIntervalSeconds') return option;
	return {
		...field,
		default: 10,
		description: 'The first wait between two checks (the API documentation recommends 10-30 s)',
	} as T;
}
