import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { downloadToBinary } from '../../../shared/transport/binary';
import { readDownloadFields } from '../../../settings/wait';
import { outputItems } from '../../../shared/execution/item-loop';
import type { OutputItem } from '../../../shared/execution/item-loop';
import { compatTasks } from '../../../shared/tasks';
import {
	lacksVideo,
	NO_VIDEO_FIX,
	NO_VIDEO_HEAD,
	resultLinkExpiry,
} from '../../../shared/tasks/compat';
import { readTaskId } from './task-id';

/** The task as the service returns it, plus when its result link expires (24 h after completion). */
function withExpiry(state: IDataObject, now: number): IDataObject {
	if (compatTasks.phase(state) !== 'succeeded') return state;
	const expiry = resultLinkExpiry(state);
	return {
		...state,
		resultLinkExpiresAt: expiry?.toISOString() ?? null,
		resultLinkExpired: expiry ? expiry.getTime() <= now : null,
	};
}

/** Reads each item's task once; with Download, fetches a succeeded task's video unless its link has expired. */
export async function execute(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return [await outputItems(ctx, async (itemIndex) => [await getOne(ctx, itemIndex)])];
}

async function getOne(ctx: IExecuteFunctions, itemIndex: number): Promise<OutputItem> {
	const id = readTaskId(ctx, itemIndex);
	const json = withExpiry(await compatTasks.query(ctx, id, itemIndex), Date.now());
	if (lacksVideo(json))
		throw new NodeOperationError(ctx.getNode(), `Task ${id} ${NO_VIDEO_HEAD}`, {
			itemIndex,
			description: NO_VIDEO_FIX,
		});
	const [url] = compatTasks.resultUrls(json);
	if (!ctx.getNodeParameter('download', itemIndex, false) || !url) return { json };
	if (json.resultLinkExpired === true) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Task ${id}: its result link expired at ${String(json.resultLinkExpiresAt)}`,
			{
				itemIndex,
				description:
					'A result link lives 24 hours after the task completes. Nothing was downloaded: create the task again for a new video.',
			},
		);
	}
	const { binaryProperty, allowPrivateHosts } = readDownloadFields((name, fallback) =>
		ctx.getNodeParameter(name, itemIndex, fallback),
	);
	const file = await downloadToBinary(ctx, url, `${id}.mp4`, {
		expect: 'video',
		service: 'compat',
		allowPrivateHosts,
	});
	return { json, binary: { [binaryProperty]: file } };
}
