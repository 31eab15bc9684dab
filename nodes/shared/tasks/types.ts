import type { IDataObject } from 'n8n-workflow';

import type { Phase, TaskTimes } from '../polling';
import type { Price } from '../pricing';
import type { ValidationResult } from '../rules';
import type { ApiContext, Service } from '../transport';

/** A task the service confirmed: its id, and the fields the node reports for it (taskId, orderId, ...). */
export interface CreatedTask {
	id: string;
	json: IDataObject;
}

/**
 * What waiting, settling and downloading read of a kind of task: how to read a task and its
 * answers. Wait For Task, the callback paths and the trigger need only this.
 */
export interface TaskReader {
	name: 'generation' | 'upscale' | 'compat';
	/** Which credential (and so which service) the kind's requests use. */
	service: Service;
	/** The field of the create and query answers that holds the task's id. */
	idField: string;
	/** Reads a task; throws when the answer is not a task of this kind. */
	query(ctx: ApiContext, id: string, itemIndex: number, deadline?: number): Promise<IDataObject>;
	phase(state: IDataObject): Phase;
	/** The result files of a finished task. */
	resultUrls(state: IDataObject): string[];
	/** Why a failed task failed, in the service's words. */
	failureReason(state: IDataObject): string | undefined;
	/** The task's creation and completion times from its answer, so a wait can learn how long tasks take. */
	times?(state: IDataObject): TaskTimes;
}

/** What a Create node needs of a kind of task to make one: how to check, price and create its request. */
export interface TaskCreator<Request> {
	validate(request: Request): ValidationResult;
	/** Credits the task will cost as far as the request alone tells (the media's facts may refine it); null with the reason when unknown. */
	estimate(request: Request): Price;
	/** Sends the create request once; throws when the service's answer has no task id. */
	create(
		ctx: ApiContext,
		request: Request,
		itemIndex: number,
		timeoutMs?: number,
	): Promise<CreatedTask>;
}

/**
 * Everything the nodes need to know about one kind of task: how to make it and how to read it.
 * Create nodes, Wait For Task and the trigger use only this.
 */
export interface TaskKind<Request = IDataObject> extends TaskReader, TaskCreator<Request> {}
