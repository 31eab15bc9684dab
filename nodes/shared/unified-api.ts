import type { IDataObject } from 'n8n-workflow';

import { apiRequest } from './transport';
import type { ApiContext } from './transport';

/** The Unified Generation API's endpoints, one function each (spec: Endpoints). */

export interface CreditsResponse {
	credits: number;
	availableCredits: number;
}

export interface CreatedTask {
	taskId: string;
	orderId: string;
}

export interface TaskOutputItem {
	url: string;
	width?: number;
	height?: number;
}

export interface TaskResponse extends IDataObject {
	taskId: string;
	orderId: string;
	model: string;
	status: 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
	creditsUsed: number;
	output: TaskOutputItem[] | null;
	error: string | null;
	createTime: number;
	completeTime?: number;
}

export interface UpscaleTaskResponse extends IDataObject {
	taskId: string;
	orderId?: string;
	status: 'validating' | 'processing' | 'completed' | 'failed';
	targetResolution: string;
	creditsConsumed: number | null;
	result: { url: string; probedDurationSeconds: number; probedSourceResolution: string } | null;
	error: { code: string; message: string } | null;
}

export function getCredits(ctx: ApiContext, itemIndex?: number) {
	return apiRequest<CreditsResponse>(ctx, 'unified', {
		method: 'GET',
		path: '/account/credits',
		itemIndex,
	});
}

export function createTask(ctx: ApiContext, body: IDataObject, itemIndex?: number) {
	return apiRequest<CreatedTask>(ctx, 'unified', {
		method: 'POST',
		path: '/jobs/createTask',
		body,
		itemIndex,
	});
}

export function queryTask(ctx: ApiContext, taskId: string, itemIndex?: number) {
	return apiRequest<TaskResponse>(ctx, 'unified', {
		method: 'GET',
		path: '/jobs/queryTask',
		qs: { taskId },
		itemIndex,
	});
}

export function getRelations(ctx: ApiContext, qs: { orderId: string; limit?: number; cursor?: string }, itemIndex?: number) {
	return apiRequest<IDataObject>(ctx, 'unified', {
		method: 'GET',
		path: '/jobs/relations',
		qs: qs as IDataObject,
		itemIndex,
	});
}

export function queryUpscale(ctx: ApiContext, taskId: string, itemIndex?: number) {
	return apiRequest<UpscaleTaskResponse>(ctx, 'unified', {
		method: 'GET',
		path: '/upscale/query',
		qs: { taskId },
		itemIndex,
	});
}
