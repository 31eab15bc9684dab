import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { COMPAT } from '../../../shared/catalog';
import { refusedBeforeSending } from '../../../shared/errors';
import { refuseUnreachableMedia } from '../../../shared/create/handed-urls';
import type { HandedUrl } from '../../../shared/transport/handed-urls';
import { runCreate } from '../../../shared/create/run';
import { readRunSettings } from '../../../settings/create';
import { runTogetherEntry, runTogetherMessage } from '../../../shared/fields/lists';
import { CODES } from '../../../shared/rules';
import { compatTasks } from '../../../shared/tasks';
import { COMPAT_POLL } from '../../../shared/tasks/compat';
import { buildContent, mediaRowsOf, readBinaryUrls } from './content';
import type { MediaRow } from './content';

interface CreateOptions {
	automaticDuration?: boolean;
	duration?: number;
	generateAudio?: boolean;
	ratio?: string;
	resolution?: string;
	watermark?: boolean;
	webSearch?: boolean;
}

/** Only the options the user added are sent: the service's defaults apply to the rest. */
function optionsBody(options: CreateOptions): IDataObject {
	const body: IDataObject = {};
	if (options.automaticDuration) body.duration = COMPAT.duration.smart;
	else if (options.duration !== undefined) body.duration = options.duration;
	if (options.ratio !== undefined) body.ratio = options.ratio;
	if (options.resolution !== undefined) body.resolution = options.resolution;
	if (options.generateAudio !== undefined) body.generate_audio = options.generateAudio;
	if (options.webSearch) body.tools = [{ type: 'web_search' }];
	if (options.watermark !== undefined) body.watermark = options.watermark;
	return body;
}

function buildRequest(
	ctx: IExecuteFunctions,
	itemIndex: number,
	binaryUrls: Map<number, string> | Error,
): IDataObject {
	if (binaryUrls instanceof Error) throw binaryUrls;
	const chosen = ctx.getNodeParameter('model', itemIndex) as string;
	const model =
		chosen === 'custom'
			? String(ctx.getNodeParameter('customModel', itemIndex, '')).trim()
			: chosen;
	const prompt = String(ctx.getNodeParameter('prompt', itemIndex, '') ?? '');
	const rows = mediaRowsOf(ctx, itemIndex);
	refuseRunTogether(ctx, itemIndex, rows);
	const content = buildContent(prompt, rows, binaryUrls);
	const options = ctx.getNodeParameter('options', itemIndex, {}) as CreateOptions;
	return { model, content, ...optionsBody(options) };
}

/** A row holds one URL: several pasted into it would be sent as one broken URL (and the task billed). */
function refuseRunTogether(ctx: IExecuteFunctions, itemIndex: number, rows: MediaRow[]): void {
	rows.forEach((row, index) => {
		const entry = row.source === 'binary' ? undefined : runTogetherEntry(row.url);
		if (!entry) return;
		const message = runTogetherMessage(`Media ${index + 1} URL`, entry, true);
		throw refusedBeforeSending(ctx, itemIndex, { code: CODES.INVALID_URL, message, path: 'media' });
	});
}

/** Binary images are read first (reading is async; the request builder is not): a failure is that item's. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const binaryUrls: Array<Map<number, string> | Error> = [];
	for (let itemIndex = 0; itemIndex < ctx.getInputData().length; itemIndex++) {
		binaryUrls.push(
			await readBinaryUrls(ctx, itemIndex, mediaRowsOf(ctx, itemIndex)).catch(
				(error: Error) => error,
			),
		);
	}
	const settings = readRunSettings(ctx, COMPAT_POLL);
	return await runCreate<IDataObject>(ctx, {
		kind: compatTasks,
		build: (itemIndex) => buildRequest(ctx, itemIndex, binaryUrls[itemIndex]),
		settings,
		screen: refuseUnreachableMedia('compat', contentUrls, settings.allowPrivateHosts),
	});
}

/** The content entries' URLs the service fetches (`{type, [type]: {url}}`), by their path. */
function contentUrls(request: IDataObject): HandedUrl[] {
	const content = Array.isArray(request.content) ? (request.content as IDataObject[]) : [];
	return content.flatMap((entry, index) => {
		const url = (entry[String(entry.type)] as IDataObject | undefined)?.url;
		return typeof url === 'string' ? [{ url, path: `content[${index}]` }] : [];
	});
}
