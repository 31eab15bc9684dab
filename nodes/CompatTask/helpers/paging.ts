import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { isCancelled } from '../../shared/execution/abort';
import { COMPAT } from '../../shared/catalog';
import { listPage, readPage } from '../../shared/transport/compat-api';
import { wantedCount } from '../../settings/paging';

/**
 * Reads pages (page_num from 1) until Limit records, an empty or short page, or the total. The page
 * size is the default of the Task-Compatible Video Generation API, § Limits, 20 (its largest
 * accepted size is not shown), or Limit when smaller.
 */
export async function collectPages(
	ctx: IExecuteFunctions,
	path: string,
	filters: IDataObject,
	itemIndex: number,
): Promise<IDataObject[]> {
	const wanted = wantedCount(ctx, itemIndex);
	const pageSize = Math.min(COMPAT.pageSizeDefault, wanted);
	const records: IDataObject[] = [];
	let previousFirst: string | undefined;
	for (
		let pageNum = COMPAT.pageNumDefault;
		records.length < wanted && !isCancelled(ctx);
		pageNum++
	) {
		const page = readPage(
			await listPage(ctx, path, { ...filters, page_num: pageNum, page_size: pageSize }, itemIndex),
		);
		// A service that ignored page_num would send the same page forever.
		const first = JSON.stringify(page.records[0]);
		if (first === previousFirst) break;
		previousFirst = first;
		records.push(...page.records);
		const seen = (pageNum - COMPAT.pageNumDefault + 1) * pageSize;
		if (page.records.length < pageSize || (page.total !== undefined && seen >= page.total)) break;
	}
	return records.slice(0, wanted);
}
