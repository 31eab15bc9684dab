import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { COMPAT_PATHS } from '../../shared/transport/api/compat';
import { COMPAT } from '../../shared/catalog';
import { listGroups, listPage, readPage } from '../../shared/transport/compat-api';

const matches = (filter: string | undefined, ...texts: unknown[]) =>
	!filter ||
	texts.some((text) =>
		String(text ?? '')
			.toLowerCase()
			.includes(filter.toLowerCase()),
	);

function toResult(record: IDataObject, detail: string): INodeListSearchItems {
	const id = String(record.officialId ?? '');
	return { name: `${String(record.name || id)} (${detail})`, value: id };
}

/**
 * Groups by name; the list endpoint returns them all at once (Task-Compatible Video Generation API,
 * § GET /v1/assets/groups: an array).
 */
export async function searchGroups(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const { records } = readPage(await listGroups(this));
	const results = records
		.filter((group) => matches(filter, group.name, group.officialId))
		.map((group) =>
			toResult(group, `${String((group._count as IDataObject | undefined)?.assets ?? '?')} assets`),
		);
	return { results };
}

/** Assets page by page (the page number is the pagination token), filtered here by name or id. */
export async function searchAssets(
	this: ILoadOptionsFunctions,
	filter?: string,
	token?: string,
): Promise<INodeListSearchResult> {
	const pageNum = Number(token ?? COMPAT.pageNumDefault);
	const pageSize = COMPAT.pageSizeDefault;
	const { records } = readPage(
		await listPage(this, COMPAT_PATHS.assets, { page_num: pageNum, page_size: pageSize }, 0),
	);
	const results = records
		.filter((asset) => matches(filter, asset.name, asset.officialId))
		.map((asset) => toResult(asset, String(asset.status ?? '')));
	return { results, paginationToken: records.length < pageSize ? undefined : String(pageNum + 1) };
}
