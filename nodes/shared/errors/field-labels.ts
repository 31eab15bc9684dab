/**
 * What a node calls the fields of the requests it sends, by API path: a refusal (the rules') or a
 * service error (its `path` or `param`) names the field the user can see and change in the node,
 * with the API path after it. Each node keeps its labels in its own folder (`field-labels.ts`) and
 * registers them when it loads; test/unit/errors/field-labels.test.ts holds every label to the
 * node's description, so a renamed field cannot leave its messages behind.
 */

/** The node as an error sees it: its type (`<package>.createVideo`, or `…Tool`) and its parameters. */
export interface NodeLike {
	type: string;
	parameters?: Record<string, unknown>;
}

export type Labels = Record<string, string>;

/** One node's words for its fields. */
export interface FieldLabels {
	/** By the API path's base (`inputs.urls` of `inputs.urls[1]`). */
	api: Labels;
	/** The node's own checks name a field by its parameter name: the label alone says it. */
	parameters: Labels;
	/** A label that depends on the node's settings (its mode, its source), read by the node's own code. */
	chosen?: (node: NodeLike, path: string, base: string, index?: number) => string | undefined;
}

/** The Callback URL of the Create nodes' Additional Options (settings/generation.ts). */
export const CALLBACK_LABELS: Labels = { callBackUrl: 'Callback URL' };

const registry = new Map<string, FieldLabels>();

/** A node's labels, under its name (its type without the package); called as the node's module loads. */
export function registerFieldLabels(name: string, labels: FieldLabels): void {
	registry.set(name, labels);
}

/** Every registered node's labels (for the test that holds them to the descriptions). */
export const registeredFieldLabels = (): ReadonlyMap<string, FieldLabels> => registry;

/** The node's name in its type, the same for the node and its tool. */
const nodeName = (node: NodeLike) => node.type.replace(/^.*\./, '').replace(/Tool$/, '');

/** `inputs.urls[1]` → `inputs.urls` and 1; `content[0].image_url.url` → `content` and 0. */
function split(path: string): { base: string; index?: number } {
	const match = /^([^[]+)(?:\[(\d+)\])?/.exec(path);
	if (!match) return { base: path };
	return { base: match[1], index: match[2] === undefined ? undefined : Number(match[2]) };
}

/** The label of the field behind an API path, or undefined when the node has none for it. */
export function fieldLabel(node: NodeLike, path: string): string | undefined {
	const labels = registry.get(nodeName(node));
	const { base, index } = split(path);
	return labels?.chosen?.(node, path, base, index) ?? labels?.api[base];
}

/**
 * How a message names a field: "Field: <label> (<API path>)", the label alone for one of the
 * node's own parameters, the path alone where the node has no field for it.
 */
export function fieldLine(node: NodeLike, path: string): string {
	const own = registry.get(nodeName(node))?.parameters[path];
	if (own) return `Field: ${own}`;
	const label = fieldLabel(node, path);
	return label ? `Field: ${label} (${path})` : `Field: ${path}`;
}
