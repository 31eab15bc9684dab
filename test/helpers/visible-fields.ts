import { NodeHelpers } from 'n8n-workflow';
import type { INodeParameters, INodeProperties, INodeType } from 'n8n-workflow';

/**
 * What the n8n editor would show for these parameter values, computed with n8n's own
 * displayOptions logic (NodeHelpers.getNodeParameters / displayParameter), not our own reading, for
 * a node of `typeVersion` (a saved workflow's version 1 unless told).
 */
export function visibleFields(nodeType: INodeType, values: INodeParameters, typeVersion = 1) {
	const description = nodeType.description;
	const node = { typeVersion };
	const resolved =
		NodeHelpers.getNodeParameters(description.properties, values, true, false, node, description) ??
		{};
	// The editor draws nothing for a field of type hidden (and counts it as shown nowhere).
	const shown = description.properties.filter(
		(property) =>
			property.type !== 'hidden' &&
			NodeHelpers.displayParameter(resolved, property, node, description),
	);
	return {
		names: [...new Set(shown.map((property) => property.name))].sort(),
		field: (name: string): INodeProperties | undefined =>
			shown.find((property) => property.name === name),
		/** Every shown field of this name (n8n draws each one). */
		fields: (name: string): INodeProperties[] => shown.filter((property) => property.name === name),
		options: (name: string) =>
			(shown.find((property) => property.name === name)?.options ?? []).map((option) => ({
				value: (option as { value: unknown }).value,
				name: option.name,
			})),
		values: resolved,
	};
}
