import { COMPAT } from '../../../nodes/shared/catalog/index';
import { CODES } from '../../../nodes/shared/rules/index';
import { isMultipart, multipartOf, parseJson } from '../http/body';
import { ApiError, ok } from '../http/reply';
import { accountOf } from '../http/router';
import type { Ctx, Route } from '../http/router';
import { newId } from '../ids';
import { readCsv } from '../spreadsheet/csv';
import { readXlsx, writeXlsx, XLSX_MIME } from '../spreadsheet/xlsx';
import { createCompatAsset } from './assets';

/** Columns of the batch spreadsheet, in the template's header row. */
const COLUMNS = ['groupId', 'url', 'name'];

/** GET /v1/assets/batch/template: a real XLSX with the header row only. */
function templateRoute(): ReturnType<Route['handler']> {
	return {
		bytes: writeXlsx([COLUMNS], 'assets'),
		contentType: XLSX_MIME,
		headers: { 'content-disposition': 'attachment; filename="assets-batch-template.xlsx"' },
	};
}

/** Rows of an uploaded XLSX (or, for convenience, CSV) keyed by the header row; blank rows skipped. */
function entriesOfSheet(ctx: Ctx): Record<string, string>[] {
	const file = multipartOf(ctx.headers['content-type'], ctx.body).files.find(
		(f) => f.field === 'file',
	);
	if (!file)
		throw new ApiError(
			400,
			'Multipart field "file" (the spreadsheet) is required',
			'FILE_REQUIRED',
			'file',
		);
	const rows =
		readXlsx(file.data) ??
		(file.data.includes(0) ? undefined : readCsv(file.data.toString('utf8')));
	if (!rows || rows.length === 0)
		throw new ApiError(
			400,
			'The file is not a spreadsheet (XLSX or CSV)',
			'INVALID_SPREADSHEET',
			'file',
		);
	const header = rows[0].map(
		(h) => COLUMNS.find((c) => c.toLowerCase() === h.trim().toLowerCase()) ?? h.trim(),
	);
	return rows
		.slice(1)
		.filter((row) => row.some((v) => v.trim() !== ''))
		.map((row) =>
			Object.fromEntries(
				header.map((key, i) => [key, row[i]?.trim() ?? ''] as const).filter(([, v]) => v !== ''),
			),
		);
}

function entriesOf(ctx: Ctx): unknown[] {
	if (isMultipart(ctx.headers['content-type'])) return entriesOfSheet(ctx);
	const body = parseJson(ctx.body);
	if (!Array.isArray(body))
		throw new ApiError(
			400,
			'The body must be a JSON array of {groupId, url, name?}',
			'INVALID_BODY',
		);
	return body;
}

/** POST /v1/assets/batch: at most 50 entries; each succeeds or fails on its own (index is 0-based). */
function batchRoute(ctx: Ctx) {
	const account = accountOf(ctx);
	const entries = entriesOf(ctx);
	if (entries.length === 0) throw new ApiError(400, 'The batch has no entries', 'EMPTY_BATCH');
	if (entries.length > COMPAT.batchMaxEntries) {
		throw new ApiError(
			400,
			`A batch has at most ${COMPAT.batchMaxEntries} entries, got ${entries.length}`,
			CODES.BATCH_TOO_LARGE,
		);
	}
	const results = entries.map((entry, index) => {
		try {
			return { index, status: 'ok', officialId: createCompatAsset(ctx, account, entry).officialId };
		} catch (error) {
			return { index, status: 'error', error: (error as Error).message };
		}
	});
	return ok({ batchId: newId('batch'), total: entries.length, results });
}

export const batchRoutes: Route[] = [
	{ method: 'GET', path: '/v1/assets/batch/template', handler: templateRoute },
	{ method: 'POST', path: '/v1/assets/batch', handler: batchRoute },
];
