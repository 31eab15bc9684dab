import { readZip, writeZip } from './zip';

/** A minimal XLSX (Office Open XML) workbook of one sheet of text cells: write and read. */

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const escapeXml = (text: string) =>
	text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const unescapeXml = (text: string) =>
	text
		.replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
		.replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&quot;/g, '"')
		.replace(/&apos;/g, "'")
		.replace(/&amp;/g, '&');

const column = (index: number): string =>
	(index < 26 ? '' : column(Math.floor(index / 26) - 1)) + String.fromCharCode(65 + (index % 26));

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

const CONTENT_TYPES = [
	'<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">',
	'<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>',
	'<Default Extension="xml" ContentType="application/xml"/>',
	'<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>',
	'<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>',
	'</Types>',
].join('');

export function writeXlsx(rows: string[][], sheetName = 'Sheet1'): Buffer {
	const cells = rows.map((row, r) => {
		const inner = row.map(
			(v, c) => `<c r="${column(c)}${r + 1}" t="inlineStr"><is><t>${escapeXml(v)}</t></is></c>`,
		);
		return `<row r="${r + 1}">${inner.join('')}</row>`;
	});
	const file = (name: string, xml: string) => ({ name, data: Buffer.from(XML + xml, 'utf8') });
	return writeZip([
		file('[Content_Types].xml', CONTENT_TYPES),
		file(
			'_rels/.rels',
			`<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
		),
		file(
			'xl/workbook.xml',
			`<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
		),
		file(
			'xl/_rels/workbook.xml.rels',
			`<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
		),
		file(
			'xl/worksheets/sheet1.xml',
			`<worksheet xmlns="${MAIN}"><sheetData>${cells.join('')}</sheetData></worksheet>`,
		),
	]);
}

/** Text of every <t> inside an element (rich text runs are joined). */
const textOf = (xml: string) =>
	[...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => unescapeXml(m[1])).join('');

function columnIndex(ref: string): number {
	const letters = /^[A-Z]+/.exec(ref)?.[0] ?? 'A';
	return [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
}

function readCell(attrs: string, inner: string, shared: string[]): string {
	const type = /\bt="([^"]+)"/.exec(attrs)?.[1];
	if (type === 'inlineStr') return textOf(inner);
	const value = unescapeXml(/<v>([\s\S]*?)<\/v>/.exec(inner)?.[1] ?? '');
	return type === 's' ? (shared[Number(value)] ?? '') : value;
}

/** Rows of the first sheet as text (shared strings, inline strings, numbers); undefined if not XLSX. */
export function readXlsx(bytes: Buffer): string[][] | undefined {
	const entries = readZip(bytes);
	const sheet = entries
		?.filter((e) => /^xl\/worksheets\/sheet\d+\.xml$/.test(e.name))
		.sort((a, b) => a.name.localeCompare(b.name))[0];
	if (!entries || !sheet) return undefined;
	const sharedXml =
		entries.find((e) => e.name === 'xl/sharedStrings.xml')?.data.toString('utf8') ?? '';
	const shared = [...sharedXml.matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => textOf(m[1]));
	const rows: string[][] = [];
	for (const row of sheet.data.toString('utf8').matchAll(/<row\b[^>]*>([\s\S]*?)<\/row>/g)) {
		const values: string[] = [];
		for (const cell of row[1].matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
			const ref = /\br="([A-Z]+)\d*"/.exec(cell[1])?.[1];
			const index = ref ? columnIndex(ref) : values.length;
			values[index] = readCell(cell[1], cell[2] ?? '', shared);
		}
		rows.push(Array.from(values, (v) => v ?? ''));
	}
	return rows;
}
