import { NodeHelpers } from 'n8n-workflow';
import type { INodeParameters, INodeProperties, INodeType } from 'n8n-workflow';

/**
 * What the n8n editor would show for these parameter values, computed with n8n's own
 * displayOptions logic (NodeHelpers.getNodeParameters / displayParameter), not our own reading.
 */
export function visibleFields(nodeType: INodeType, values: INodeParameters) {
	const description = nodeType.description;
	const node = { typeVersion: 1 };
	const resolved = NodeHelpers.getNodeParameters(description.properties, values, true, false, node, description) ?? {};
	const shown = description.properties.filter((property) =>
		NodeHelpers.displayParameter(resolved, property, node, description),
	);
	return {
		names: [...new Set(shown.map((property) => property.name))].sort(),
		field: (name: string): INodeProperties | undefined => shown.find((property) => property.name === name),
		options: (name: string) =>
			(shown.find((property) => property.name === name)?.options ?? []).map((option) => ({
				value: (option as { value: unknown }).value,
				name: option.name,
			})),
		values: resolved,
	};
}
