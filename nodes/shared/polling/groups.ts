import type { IDataObject } from 'n8n-workflow';

/**
 * Fields of an input item that tell how long its task will take: tasks that agree on all of them
 * share one duration estimate. Wait For Task gets Create Video's output (model and price, which
 * follows duration and resolution); a Create node's own wait gets the user's rows, whose columns
 * often feed these fields. An item with none of them joins the batch's one default group.
 */
const DURATION_FIELDS = [
	'model',
	'generationMode',
	'mode',
	'duration',
	'resolution',
	'outputResolution',
	'targetResolution',
	'estimatedCredits',
];

export function groupKey(json: IDataObject | undefined): string {
	if (!json) return '';
	const parts = DURATION_FIELDS.filter((field) => isScalar(json[field])).map(
		(field) => `${field}=${String(json[field])}`,
	);
	return parts.join('&');
}

const isScalar = (value: unknown) => ['string', 'number', 'boolean'].includes(typeof value);
