import { createReadStream } from 'node:fs';
import { NodeConnectionTypes } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';

import type { RunningEmulator } from '../emulator';
import { logged } from '../emulator/test-helpers';
import { runWorkflow } from '../harness';
import { emulatorCredentials } from './nodes';
import { chainWorkflow } from './workflow';
import type { StepNode } from './workflow';

/** A file a test puts into an input item's binary data. */
export interface TestFile {
	property: string;
	bytes: Buffer;
	fileName: string;
	mimeType: string;
}

export const BINARY_ITEMS_TYPE = 'test.binaryItems';

/**
 * A test-only node that turns each input item's `files` (base64) into binary properties through
 * n8n's own prepareBinaryData, as a Read File or Google Drive node would hand a file over.
 */
export const binaryItems: INodeType = {
	description: {
		displayName: 'Binary Items (test)',
		name: 'binaryItems',
		group: ['transform'],
		version: 1,
		description: 'Test fixture: files of the item as binary data',
		defaults: { name: 'Files' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const out: INodeExecutionData[] = [];
		for (const [index, item] of items.entries()) {
			const { files = [], ...json } = item.json as IDataObject & {
				files?: Array<
					Omit<TestFile, 'bytes'> & { base64?: string; path?: string; inMemory?: boolean }
				>;
			};
			const binary: NonNullable<INodeExecutionData['binary']> = {};
			for (const file of files) {
				if (file.inMemory) {
					// As n8n's in-memory binary mode keeps a file: base64 in the item, no binary data id.
					binary[file.property] = {
						data: file.base64 ?? '',
						mimeType: file.mimeType,
						fileName: file.fileName,
					};
					continue;
				}
				// A file on disk is streamed into n8n's binary data, as a Read File node does with a large file.
				const data = file.path
					? createReadStream(file.path)
					: Buffer.from(file.base64 ?? '', 'base64');
				binary[file.property] = await this.helpers.prepareBinaryData(
					data,
					file.fileName,
					file.mimeType,
				);
			}
			out.push({ json, binary, pairedItem: { item: index } });
		}
		return [out];
	},
};

/** An input item whose file is read from disk as a stream (for files too large to pass as JSON). */
export function itemWithFileOnDisk(file: Omit<TestFile, 'bytes'> & { path: string }): IDataObject {
	return { files: [file] };
}

/** An input item carrying these files (and other json fields). */
export function itemWithFiles(files: TestFile[], json: IDataObject = {}): IDataObject {
	return {
		...json,
		files: files.map(({ bytes, ...file }) => ({ ...file, base64: bytes.toString('base64') })),
	};
}

/** Runs Manual Trigger → Files (binary from the items) → steps, against the emulator. */
export function runWithFiles(
	emu: RunningEmulator,
	steps: Array<StepNode & { from?: [string, number] }>,
	items: IDataObject[],
) {
	const files = { name: 'Files', type: BINARY_ITEMS_TYPE, parameters: {} };
	return runWorkflow(chainWorkflow([files, ...steps]), {
		credentials: emulatorCredentials(emu),
		items,
		extraNodeTypes: { [BINARY_ITEMS_TYPE]: binaryItems },
	});
}

/** A createTask body as the emulator logged it. */
export interface SentTask {
	model: string;
	inputs: Record<string, unknown>;
}

/** runWithFiles, and what the emulator received meanwhile: the createTask bodies and the asset uploads. */
export async function runWithFilesLogged(
	emu: RunningEmulator,
	steps: Array<StepNode & { from?: [string, number] }>,
	items: IDataObject[],
) {
	const paths = { creates: '/api/v1/jobs/createTask', uploads: '/api/v1/assets/upload' };
	const before = {
		creates: (await logged(emu, paths.creates)).length,
		uploads: (await logged(emu, paths.uploads)).length,
	};
	const result = await runWithFiles(emu, steps, items);
	const sent = (await logged(emu, paths.creates))
		.slice(before.creates)
		.map((entry) => entry.body as SentTask);
	const uploads = (await logged(emu, paths.uploads)).slice(before.uploads) as Array<{
		query: unknown;
		body: unknown;
	}>;
	return { result, sent, uploads };
}
