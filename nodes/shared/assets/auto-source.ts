import type { IExecuteFunctions, INodePropertyOptions } from 'n8n-workflow';

/** The Source option of Upload Asset and Upscale Video (version 2's default) that picks per item. */
export const AUTO_SOURCE: INodePropertyOptions = {
	name: 'Automatic',
	value: 'auto',
	description: "The input item's file when it has one, else the URL",
};

/** Automatic's pick for one item: its file in `propertyName` when it carries one, else the URL. */
export function autoSourceOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
	propertyName: string,
): 'binary' | 'url' {
	return ctx.getInputData()[itemIndex]?.binary?.[propertyName] !== undefined ? 'binary' : 'url';
}

/** What Automatic tells an item with no file and an empty URL field: which field to fill. */
export function noSourceMessage(
	ctx: IExecuteFunctions,
	itemIndex: number,
	propertyName: string,
	urlField: string,
): string {
	const files = Object.keys(ctx.getInputData()[itemIndex]?.binary ?? {});
	return files.length > 0
		? `this item has no file in binary field "${propertyName}" (its file is in "${files[0]}") and the ${urlField} is empty: set Input Binary Field to "${files[0]}", or enter a ${urlField}`
		: `this item has no file in binary field "${propertyName}" and the ${urlField} is empty: give the item a file (for example from an HTTP Request or Read Files node), or enter a ${urlField}`;
}
