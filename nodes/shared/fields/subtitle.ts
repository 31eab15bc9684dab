import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * A node subtitle that shows what the user picked in the given selectors, by the names the
 * selectors show ("Text to Video"), not their stored values ("textToVideo"); a name in `asStored`
 * shows its value ("sd2": a model's API id, short enough for the canvas, where "SD 2 Pro (sd2)"
 * was cut). Selectors built per model share a name: their options are merged. An unknown value (a
 * newer workflow, an expression) shows as it is. `idsOnly`: a Create node adds "IDs only" while it
 * returns at once.
 */
export function pickedSubtitle(
	properties: INodeProperties[],
	names: string[],
	{ prefix = '', idsOnly = false, asStored = [] as string[] } = {},
): string {
	const parts = names.map((name) => {
		if (asStored.includes(name)) return `$parameter["${name}"]`;
		const options = properties
			.filter((property) => property.name === name)
			.flatMap((property) => (property.options ?? []) as INodePropertyOptions[]);
		const labels = Object.fromEntries(options.map((option) => [String(option.value), option.name]));
		return `(${JSON.stringify(labels)}[$parameter["${name}"]] || $parameter["${name}"])`;
	});
	// A Create node that returns only ids says so on the canvas too (Wait for Completion: Return at Once).
	if (idsOnly) parts.push('($parameter["waitForCompletion"] === "none" ? "IDs only" : "")');
	return `={{ ${prefix ? `${JSON.stringify(prefix)} + ` : ''}[${parts.join(', ')}].filter(Boolean).join(" · ") }}`;
}
