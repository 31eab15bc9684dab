import { parseMultipart } from './http/multipart';
import { readCsv } from './spreadsheet/csv';
import { readXlsx, writeXlsx } from './spreadsheet/xlsx';
import { readZip, writeZip } from './spreadsheet/zip';

/** The emulator's own small parsers and writers: multipart, ZIP, XLSX, CSV. */

describe('multipart', () => {
	it('reads fields and files as a browser FormData sends them', async () => {
		const form = new FormData();
		form.append('name', 'clip ü');
		form.append('file', new Blob([Buffer.from([0, 1, 2, 13, 10, 45, 45])]), 'a b.bin');
		const request = new Request('http://x/', { method: 'POST', body: form });
		const body = Buffer.from(await request.arrayBuffer());
		const parsed = parseMultipart(request.headers.get('content-type') as string, body);
		expect(parsed?.fields).toEqual({ name: 'clip ü' });
		expect(parsed?.files).toEqual([
			{
				field: 'file',
				filename: 'a b.bin',
				contentType: 'application/octet-stream',
				data: Buffer.from([0, 1, 2, 13, 10, 45, 45]),
			},
		]);
	});

	it('returns undefined without a boundary in the body', () => {
		expect(parseMultipart('multipart/form-data', Buffer.from('x'))).toBeUndefined();
		expect(
			parseMultipart('multipart/form-data; boundary=zz', Buffer.from('no parts')),
		).toBeUndefined();
	});
});

describe('zip', () => {
	it('round-trips deflated entries', () => {
		const entries = [
			{ name: 'a.txt', data: Buffer.from('hello '.repeat(100)) },
			{ name: 'dir/b.bin', data: Buffer.from([1, 2, 3]) },
		];
		expect(readZip(writeZip(entries))).toEqual(entries);
		expect(readZip(Buffer.from('not a zip'))).toBeUndefined();
	});
});

describe('xlsx', () => {
	it('round-trips text cells, including XML characters and empty cells', () => {
		const rows = [
			['groupId', 'url', 'name'],
			['g1', 'https://e.com/a?x=1&y=2', '<b> "q"'],
			['g2', '', 'c'],
		];
		expect(readXlsx(writeXlsx(rows))).toEqual(rows);
	});

	it('reads shared strings and numbers as spreadsheet programs save them', () => {
		const sheet =
			'<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c></row><row r="2"><c r="B2"><v>42</v></c></row></sheetData></worksheet>';
		const shared =
			'<sst><si><t>first</t></si><si><r><t>ri</t></r><r><t>ch &amp; more</t></r></si></sst>';
		const zip = writeZip([
			{ name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheet) },
			{ name: 'xl/sharedStrings.xml', data: Buffer.from(shared) },
		]);
		expect(readXlsx(zip)).toEqual([
			['first', '', 'rich & more'],
			['', '42'],
		]);
	});
});

describe('csv', () => {
	it('handles quotes, commas, doubled quotes and CRLF', () => {
		expect(readCsv('a,b\r\n"x, y","say ""hi"""\nlast')).toEqual([
			['a', 'b'],
			['x, y', 'say "hi"'],
			['last'],
		]);
	});
});
