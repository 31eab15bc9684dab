import type { IDataObject, INodeExecutionData, IRunData } from 'n8n-workflow';

import type { AnyNodeType } from './registry';

/** Credential data by credential type, e.g. `{ unifiedGenerationApi: { apiKey, baseUrl } }`. */
export interface HarnessCredentials {
	[credentialType: string]: Record<string, unknown>;
}

/**
 * A node as the n8n editor exports it. Typed loosely on purpose, so a workflow imported from a
 * `.json` file (where `position` is `number[]` and `onError` a plain string) type-checks as is.
 */
export interface WorkflowNodeJson {
	id?: string;
	name: string;
	type: string;
	typeVersion: number;
	position?: number[];
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id?: string | null; name: string }>;
	disabled?: boolean;
	onError?: string;
	continueOnFail?: boolean;
	alwaysOutputData?: boolean;
	executeOnce?: boolean;
	retryOnFail?: boolean;
	maxTries?: number;
	waitBetweenTries?: number;
	[key: string]: unknown;
}

/** A workflow as the n8n editor exports it (`{ name, nodes, connections, ... }`). */
export interface WorkflowJson {
	name?: string;
	nodes: WorkflowNodeJson[];
	connections: Record<
		string,
		Record<string, Array<Array<{ node: string; type: string; index: number }> | null>>
	>;
	settings?: Record<string, unknown>;
	[key: string]: unknown;
}

export interface RunOptions {
	credentials: HarnessCredentials;
	/** Items the Manual Trigger emits instead of one empty item. */
	items?: IDataObject[];
	/** More node types by the type name the workflow uses, e.g. test-only fixture nodes. */
	extraNodeTypes?: Record<string, AnyNodeType>;
	/** The workflow's static data before the run (what `getWorkflowStaticData('global'|'node')` starts from). */
	staticData?: IDataObject;
	/** The saved workflow's id (default 'harness'): n8n's deduplication store keeps its memory by it. */
	workflowId?: string;
	/** Stops the execution this long after it starts, as the editor's Stop button does. */
	cancelAfterMs?: number;
	/** n8n's execution mode (default 'manual'); 'retry' is n8n's Retry of a failed or crashed execution. */
	mode?: 'manual' | 'retry' | 'trigger';
	/**
	 * In mode 'retry', the id of the execution retried: n8n 2.x hands it to the execution's
	 * lifecycle hooks (n8n 1.x does not; see `retriedIdReachesNodes`).
	 */
	retryOf?: string;
}

export interface BinaryContent {
	data: Buffer;
	mimeType: string;
	fileName?: string;
	fileSize?: string;
}

export interface RunResult {
	/** The execution's id (the harness numbers its executions). */
	executionId: string;
	/** Execution status as n8n records it: 'success', 'error', ... */
	status: string;
	/** The error that stopped the workflow, if one did. */
	error?: { message: string; description?: string; node?: string };
	/** Items of the node's last run on that output (default 0); throws if the node did not run. */
	output(nodeName: string, outputIndex?: number): INodeExecutionData[];
	json(nodeName: string, outputIndex?: number): IDataObject[];
	/** Reads the binary data of an item (default: item 0, key 'data') from n8n's binary data store. */
	binary(nodeName: string, itemIndex?: number, key?: string): Promise<BinaryContent>;
	runData: IRunData;
	/** The workflow's static data after the run. */
	staticData: IDataObject;
	/** How often the run read each credential type's data (see HarnessCredentialsHelper.reads). */
	credentialReads: ReadonlyMap<string, number>;
}
