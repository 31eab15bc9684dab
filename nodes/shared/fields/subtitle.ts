import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * A node subtitle that shows what the user picked in the given selectors, by the names the
 * selectors show ("Text to Video"), not their stored values ("textToVideo"). An unknown value (a
 * newer workflow, an expression) shows as it is. `idsOnly`: a node that can return at once adds
 * "IDs only" while it does.
 */
export function pickedSubtitle(
	properties: INodeProperties[],
	names: string[],
	{ prefix = '', idsOnly = false } = {},
): string {
	const parts = names.map((name) => shownName(properties, name));
	// A Create node that returns only ids says so on the canvas too (Wait for Completion: Return at Once).
	if (idsOnly) parts.push(IDS_ONLY);
	return `={{ ${prefix ? `${JSON.stringify(prefix)} + ` : ''}${joined(parts)} }}`;
}

/**
 * The room of one canvas line under a node, in the units of `lineWidth` (n8n 2.40.7 in Chromium
 * draws a subtitle on one line of 192 px; the browser suite sets every subtitle of the Create nodes
 * there and checks that none is cut).
 */
export const SUBTITLE_ROOM = 209;

/**
 * About how wide a text is in n8n's canvas font (InterVariable, 13 px): narrow, wide, capital and
 * other glyphs as measured one by one in Chromium. Evaluated by n8n from its source text inside the
 * subtitle expression, so it stays self-contained.
 */
export function lineWidth(text: string): number {
	return [...text].reduce(
		(width, glyph) =>
			width +
			('fijlrtI.·() 1'.includes(glyph)
				? 5
				: 'mwMW'.includes(glyph)
					? 11.5
					: glyph >= 'A' && glyph <= 'Z'
						? 9
						: 7.6),
		0,
	);
}

/**
 * A Create node's subtitle: the model by its API id ("sd2", where "SD 2 Pro (sd2)" was cut), the mode,
 * and "IDs only" while it returns at once, on one canvas line. Where the longest ids with the longest
 * modes do not fit, the mode shows by its short name, and at last the model with "IDs only" (what
 * the next node gets) stays alone.
 */
export function createSubtitle(properties: INodeProperties[], shortModes: Record<string, string>) {
	const model = '$parameter["model"]';
	const mode = shownName(properties, 'generationMode');
	// every mode has a short name: a value without one (a newer workflow, an expression) shows as it is
	const short = `(${JSON.stringify(shortModes)}[$parameter["generationMode"]] || $parameter["generationMode"])`;
	const tries = [[model, mode, IDS_ONLY], [model, short, IDS_ONLY], [model, IDS_ONLY], [model]];
	return `={{ [${tries.map(joined).join(', ')}].find((text) => (${lineWidth})(text) <= ${SUBTITLE_ROOM}) || ${model} }}`;
}

const IDS_ONLY = '($parameter["waitForCompletion"] === "none" ? "IDs only" : "")';

/** The parts that are not empty, as one line. */
const joined = (parts: string[]) => `[${parts.join(', ')}].filter(Boolean).join(" · ")`;

/** The name a selector shows for its value; selectors built per model share a name: merged. */
function shownName(properties: INodeProperties[], name: string): string {
	const options = properties
		.filter((property) => property.name === name)
		.flatMap((property) => (property.options ?? []) as INodePropertyOptions[]);
	const labels = Object.fromEntries(options.map((option) => [String(option.value), option.name]));
	return `(${JSON.stringify(labels)}[$parameter["${name}"]] || $parameter["${name}"])`;
}
