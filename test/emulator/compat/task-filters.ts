import { COMPAT } from '../../../nodes/shared/catalog/index';
import { CODES } from '../../../nodes/shared/rules/index';
import { ApiError } from '../http/reply';
import type { CompatTask } from '../store';
import type { CompatStatus } from './task-clock';

/**
 * The filters of GET /v1/contents/generations/tasks. The Task-Compatible Video Generation API,
 * § GET /v1/contents/generations/tasks, documents `filter.status`; the provider's official SDK also
 * sends `filter.task_ids` (one repeated key per id), `filter.model` and `filter.service_tier`. The
 * emulator implements status, task_ids and model, and refuses any other filter with 400 naming it:
 * a filter silently ignored would answer every task to a caller who asked for a few.
 */
const FILTERS = ['status', 'task_ids', 'model'] as const;
type FilterName = (typeof FILTERS)[number];
export type TaskFilters = Partial<Record<FilterName, string[]>>;

/**
 * `filter.<name>` or `filter[<name>]` (clients that serialise nested objects), either optionally
 * followed by `[]` or `[<n>]` (serialisers of lists).
 */
const FILTER_KEY = /^filter(?:\.(\w+)|\[(\w+)\])(?:\[\d*\])?$/;

const isFilterKey = (key: string) => /^filter($|\.|\[)/.test(key);

function refuse(key: string, message: string): never {
	throw new ApiError(400, `${key}: ${message}`, CODES.INVALID_PARAMETER, key);
}

/** Values of each filter: repeated keys and comma-separated lists add up; empty values are not given. */
export function readTaskFilters(query: URLSearchParams): TaskFilters {
	const filters: TaskFilters = {};
	for (const key of new Set(query.keys())) {
		if (!isFilterKey(key)) continue;
		const match = FILTER_KEY.exec(key);
		const name = (match?.[1] ?? match?.[2]) as FilterName | undefined;
		if (!name || !FILTERS.includes(name))
			refuse(
				key,
				`not a filter of the task list: use filter.status, filter.task_ids or filter.model`,
			);
		const values = query
			.getAll(key)
			.flatMap((value) => value.split(','))
			.map((value) => value.trim())
			.filter((value) => value !== '');
		const statuses: readonly string[] = COMPAT.taskStatuses;
		const wrong = name === 'status' && values.find((value) => !statuses.includes(value));
		if (wrong) refuse(key, `'${wrong}' is not a status: use ${statuses.join(', ')}`);
		(filters[name] ??= []).push(...values);
	}
	return filters;
}

const accepts = (values: string[] | undefined, value: string) =>
	!values?.length || values.includes(value);

/** Whether a task passes every given filter (`status` is read only when filtered on). */
export function passesFilters(
	filters: TaskFilters,
	task: CompatTask,
	status: () => CompatStatus,
): boolean {
	return (
		accepts(filters.task_ids, task.id) &&
		accepts(filters.model, task.model) &&
		(!filters.status?.length || filters.status.includes(status()))
	);
}
