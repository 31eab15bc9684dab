import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	INodeExecutionData,
	INodeType,
} from 'n8n-workflow';

import { mapItems } from '../../nodes/shared/execution/item-loop';
import { apiRequest, isCancellation, isOutcomeUnknown } from '../../nodes/shared/transport';
import type { ApiRequest, Service } from '../../nodes/shared/transport';

/** TEST-ONLY node: sends one transport request per item, as its parameters say. */
export const TRANSPORT_PROBE = 'test.transportProbe';

const PARAMETERS = [
	'service',
	'method',
	'path',
	'body',
	'attempts',
	'baseDelayMs',
	'maxDelayMs',
	'timeoutMs',
	'deadlineInMs',
	'report',
];

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
		properties: PARAMETERS.map((name) => ({
			displayName: name,
			name,
			type: 'string' as const,
			default: '',
		})),
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const text = (name: string, itemIndex: number) =>
			String(this.getNodeParameter(name, itemIndex, ''));
		const number = (name: string, itemIndex: number) =>
			text(name, itemIndex) ? Number(text(name, itemIndex)) : undefined;
		return [
			await mapItems(this, async (itemIndex) => {
				const body = text('body', itemIndex);
				const deadlineInMs = number('deadlineInMs', itemIndex);
				const request: ApiRequest = {
					method: (text('method', itemIndex) || 'GET') as IHttpRequestMethods,
					path: text('path', itemIndex),
					body: body ? (JSON.parse(body) as IDataObject) : undefined,
					itemIndex,
					timeoutMs: number('timeoutMs', itemIndex),
					deadline: deadlineInMs === undefined ? undefined : Date.now() + deadlineInMs,
				};
				const retry = {
					attempts: number('attempts', itemIndex) ?? 4,
					baseDelayMs: number('baseDelayMs', itemIndex) ?? 5,
					maxDelayMs: number('maxDelayMs', itemIndex) ?? 50,
				};
				const service = (text('service', itemIndex) || 'unified') as Service;
				try {
					return { result: await apiRequest<IDataObject>(this, service, request, retry) };
				} catch (error) {
					if (!text('report', itemIndex)) throw error;
					return report(error as Error & { description?: string; httpCode?: string });
				}
			}),
		];
	}
}

/** What a test checks about a failure: the words the user sees and the marks other code reads. */
function report(error: Error & { description?: string; httpCode?: string }): IDataObject {
	return {
		error: error.message,
		description: error.description ?? null,
		httpCode: error.httpCode ?? null,
		outcomeUnknown: isOutcomeUnknown(error),
		cancelled: isCancellation(error),
	};
}
