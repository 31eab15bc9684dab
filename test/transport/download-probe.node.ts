import { NodeConnectionTypes } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';

import { downloadToBinary } from '../../nodes/shared/transport/binary';
import type { DownloadOptions } from '../../nodes/shared/transport/binary';
import { mapItems } from '../../nodes/shared/execution/item-loop';

/** TEST-ONLY node: downloads one URL into binary data, as its parameters say. */
export const DOWNLOAD_PROBE = 'test.downloadProbe';

export class DownloadProbe implements INodeType {
	description: INodeType['description'] = {
		displayName: 'Download Probe',
		name: 'downloadProbe',
		group: ['transform'],
		version: 1,
		description: 'Test-only',
		defaults: { name: 'Download' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'unifiedGenerationApi', required: false }],
		properties: [
			'url',
			'fallbackName',
			'timeoutMs',
			'deadlineInMs',
			'expect',
			'allowPrivateHosts',
		].map((name) => ({
			displayName: name,
			name,
			type: 'string' as const,
			default: '',
		})),
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const text = (name: string) => String(this.getNodeParameter(name, 0, ''));
		const options: DownloadOptions = {
			service: 'unified',
			allowPrivateHosts: text('allowPrivateHosts') === '1',
		};
		if (text('timeoutMs')) options.timeoutMs = Number(text('timeoutMs'));
		if (text('deadlineInMs')) options.deadline = Date.now() + Number(text('deadlineInMs'));
		if (text('expect')) options.expect = text('expect') as DownloadOptions['expect'];
		const binaries: INodeExecutionData['binary'][] = [];
		const items = await mapItems(this, async () => {
			const data = await downloadToBinary(
				this,
				text('url'),
				text('fallbackName') || 'fallback.bin',
				options,
			);
			binaries.push({ data });
			return {
				fileName: data.fileName ?? null,
				mimeType: data.mimeType,
				directory: data.directory ?? null,
			};
		});
		return [
			items.map((item, index) =>
				'error' in item.json ? item : { ...item, binary: binaries[index] },
			),
		];
	}
}
