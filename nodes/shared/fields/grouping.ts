import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/**
 * Builds one n8n property per group of models that would get the same property, shown only for
 * those models (`displayOptions.show.model`). This is how each model shows exactly its own fields:
 * a model whose builder returns undefined does not get the field at all.
 */
export function perModel<M extends { id: string }>(
	models: readonly M[],
	build: (model: M) => INodeProperties | undefined,
): INodeProperties[] {
	const groups = new Map<string, { property: INodeProperties; ids: string[] }>();
	for (const model of models) {
		const property = build(model);
		if (!property) continue;
		const key = JSON.stringify(property);
		const group = groups.get(key) ?? { property, ids: [] };
		group.ids.push(model.id);
		groups.set(key, group);
	}
	return [...groups.values()].map(({ property, ids }) => ({
		...property,
		displayOptions: withShow(property.displayOptions, { model: ids }),
	}));
}

/** displayOptions with more `show` conditions added to those already there. */
export function withShow(
	base: IDisplayOptions | undefined,
	show: NonNullable<IDisplayOptions['show']>,
): IDisplayOptions {
	return { ...base, show: { ...base?.show, ...show } };
}
