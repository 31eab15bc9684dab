import { NodeConnectionTypes } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, IHttpRequestMethods, INodeExecutionData, INodeType } from 'n8n-workflow';

import { mapItems } from '../../nodes/shared/item-loop';
import { apiRequest } from '../../nodes/shared/transport';
import type { Service } from '../../nodes/shared/transport';

/** TEST-ONLY node: sends one transport request per item, as its parameters say. */
export const TRANSPORT_PROBE = 'test.transportProbe';

export class TransportProbe implements INodeType {
	description: INodeType['description'] = {
		displayName: 'Transport Probe',
		name: 'transportProbe',
		group: ['transform'],
		version: 1,
		description: 'Test-only',
		defaults: { name: 'Probe' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'unifiedGenerationApi', required: false },
			{ name: 'compatVideoApi', required: false },
		],
		properties: ['service', 'method', 'path', 'body', 'attempts', 'baseDelayMs'].map((name) => ({
			displayName: name,
			name,
			type: 'string' as const,
			default: '',
		})),
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const text = (name: string, itemIndex: number) => String(this.getNodeParameter(name, itemIndex, ''));
		return [
			await mapItems(this, async (itemIndex) => {
				const body = text('body', itemIndex);
				const result = await apiRequest<IDataObject>(
					this,
					(text('service', itemIndex) || 'unified') as Service,
					{
						method: (text('method', itemIndex) || 'GET') as IHttpRequestMethods,
						path: text('path', itemIndex),
						body: body ? (JSON.parse(body) as IDataObject) : undefined,
						itemIndex,
					},
					{
						attempts: Number(text('attempts', itemIndex) || 4),
						baseDelayMs: Number(text('baseDelayMs', itemIndex) || 5),
						maxDelayMs: 50,
					},
				);
				return { result };
			}),
		];
	}
}
