import { CODES } from '../../../nodes/shared/rules/index';
import { ApiError } from './reply';

/** Query parameters shared by both services' read endpoints: present, integer in bounds, or one of a set. */

export function requiredQuery(query: URLSearchParams, name: string): string {
	const value = query.get(name);
	if (!value)
		throw new ApiError(400, `Query parameter ${name} is required`, 'MISSING_PARAMETER', name);
	return value;
}

export function intParam(
	query: URLSearchParams,
	name: string,
	fallback: number,
	min: number,
	max = Infinity,
): number {
	const raw = query.get(name);
	if (raw === null || raw === '') return fallback;
	const value = Number(raw);
	if (!Number.isInteger(value) || value < min || value > max) {
		const range = max === Infinity ? `>= ${min}` : `${min}-${max}`;
		throw new ApiError(400, `${name} must be an integer ${range}`, CODES.INVALID_PARAMETER, name);
	}
	return value;
}

export function enumParam(
	query: URLSearchParams,
	name: string,
	allowed: readonly string[],
): string | undefined {
	const value = query.get(name) ?? undefined;
	if (value !== undefined && !allowed.includes(value)) {
		throw new ApiError(
			400,
			`${name} must be one of ${allowed.join(', ')}`,
			CODES.INVALID_PARAMETER,
			name,
		);
	}
	return value;
}

/** Compat list paging (page_num from 1, page_size 1-100; the spec gives only the defaults). */
export function pageOf<T>(
	query: URLSearchParams,
	defaults: { pageNum: number; pageSize: number },
	items: T[],
) {
	const pageNum = intParam(query, 'page_num', defaults.pageNum, 1);
	const pageSize = intParam(query, 'page_size', defaults.pageSize, 1, 100);
	return {
		items: items.slice((pageNum - 1) * pageSize, pageNum * pageSize),
		total: items.length,
		page_num: pageNum,
		page_size: pageSize,
	};
}
