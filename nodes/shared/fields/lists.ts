/**
 * Reads a URL list field the way users fill it: text with one entry per line, or an array from an
 * expression. Commas do not separate: signed and CDN URLs contain them (`.../w_400,h_400/a.png`).
 * Blank entries are dropped; entries that are not text (an object from an expression) are kept as
 * they are, and so is a single value that is neither text nor a list, for the rules to refuse
 * with their code instead of the entry vanishing.
 */
export function toList(value: unknown): unknown[] {
	return entriesOf(value, /\r?\n/);
}

/**
 * A list of numbers (e.g. millisecond timestamps): numbers have no commas of their own, so text
 * may separate them with commas as well as new lines. Entries that are not numbers become NaN
 * for the rules to refuse.
 */
export function toNumberList(value: unknown): number[] {
	return entriesOf(value, /[\r\n,]/).map(Number);
}

function entriesOf(value: unknown, separator: RegExp): unknown[] {
	if (value === undefined || value === null) return [];
	const entries = Array.isArray(value)
		? value
		: typeof value === 'string'
			? value.split(separator)
			: [value];
	return entries
		.map((entry) => (typeof entry === 'string' ? entry.trim() : entry))
		.filter((entry) => entry !== '' && entry !== undefined && entry !== null);
}

/**
 * A scheme that starts a second URL inside one entry. It counts only when what precedes it cannot
 * be part of the first URL's path or query: a letter or digit (`…/x.pnghttps://…`, URLs pasted
 * without a line break), white space, a comma or a semicolon (a list typed on one line). A URL
 * nested after `/`, `=`, `?`, `&` or `:` is kept: archive and proxy links carry one
 * (`https://archive.example/web/2020/https://a/x.png`, `…?url=https://a/x.png`).
 */
const SECOND_URL = /[\p{L}\p{N}\s,;](?:https?|asset):\/\//iu;

/** The first entry of a URL list (or a single URL field) that is clearly several URLs run together. */
export function runTogetherEntry(value: unknown): string | undefined {
	return toList(value).find(
		(entry): entry is string => typeof entry === 'string' && SECOND_URL.test(entry),
	);
}

/** What to tell the user about such an entry: the field by its display name, and how to fix it. */
export function runTogetherMessage(field: string, entry: string, onePerRow = false): string {
	const shown = entry.length > 120 ? `${entry.slice(0, 117)}...` : entry;
	const fix = onePerRow
		? 'give one URL per media row'
		: 'put each URL on its own line (press Enter between them)';
	return `${field} holds several URLs run together ("${shown}"): ${fix}`;
}
