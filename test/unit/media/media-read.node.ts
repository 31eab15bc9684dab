import { NodeConnectionTypes } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';

import { readMedia, type ByteSource } from '../../../nodes/shared/media';
import { binarySource } from '../../../nodes/shared/transport/binary-source';

/**
 * TEST-ONLY node: reads the facts of each item's binary property `data` through binarySource,
 * after reading the `windows` it is given ([offset, length] pairs, as JSON) straight from the
 * source. It counts the streams n8n opens and records every read, so a test can tell the reads
 * went front to back.
 */
export const MEDIA_READ = 'test.mediaRead';

/** The node's context with n8n's getBinaryStream counted (everything else is n8n's own). */
function countingStreams(ctx: IExecuteFunctions, opened: { streams: number }): IExecuteFunctions {
	const helpers = {
		...ctx.helpers,
		getBinaryStream: async (id: string, chunkSize?: number) => {
			opened.streams++;
			return await ctx.helpers.getBinaryStream(id, chunkSize);
		},
	};
	return Object.assign(Object.create(ctx) as IExecuteFunctions, { helpers });
}

function recorded(source: ByteSource, reads: Array<[number, number]>): ByteSource {
	return {
		size: source.size,
		read: async (offset, length) => {
			reads.push([offset, length]);
			return await source.read(offset, length);
		},
		close: () => source.close?.(),
	};
}

export class MediaReadNode implements INodeType {
	description: INodeType['description'] = {
		displayName: 'Media Read',
		name: 'mediaRead',
		group: ['transform'],
		version: 1,
		description: 'Test-only',
		defaults: { name: 'Read' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Windows', name: 'windows', type: 'string', default: '[]' }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const out: INodeExecutionData[] = [];
		for (let item = 0; item < this.getInputData().length; item++) {
			const opened = { streams: 0 };
			const source = await binarySource(countingStreams(this, opened), item, 'data');
			const windows: string[] = [];
			for (const [offset, length] of JSON.parse(
				this.getNodeParameter('windows', item) as string,
			) as Array<[number, number]>) {
				windows.push((await source.read(offset, length)).toString('base64'));
			}
			source.close?.();
			const windowStreams = opened.streams;
			const reads: Array<[number, number]> = [];
			const read = await readMedia(recorded(source, reads));
			const streams = opened.streams - windowStreams;
			out.push({
				json: { size: source.size, windows, windowStreams, read, reads, streams },
				pairedItem: { item },
			});
		}
		return [out];
	}
}
