/**
 * Reads a list field the way users fill it: an array from an expression, or text with one entry
 * per line or comma-separated. Blank entries are dropped.
 */
export function toList(value: unknown): string[] {
	const entries = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\n,]/) : [];
	return entries.map((entry) => String(entry ?? '').trim()).filter(Boolean);
}

/** A list of numbers (e.g. millisecond timestamps); entries that are not numbers are kept as NaN for the rules to refuse. */
export function toNumberList(value: unknown): number[] {
	return toList(value).map(Number);
}
