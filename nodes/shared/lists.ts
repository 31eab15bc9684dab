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
	const entries = Array.isArray(value) ? value : typeof value === 'string' ? value.split(separator) : [value];
	return entries
		.map((entry) => (typeof entry === 'string' ? entry.trim() : entry))
		.filter((entry) => entry !== '' && entry !== undefined && entry !== null);
}
