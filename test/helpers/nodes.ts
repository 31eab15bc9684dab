import type { IDataObject } from 'n8n-workflow';

import type { RunningEmulator } from '../emulator';
import { KEY } from '../emulator/test-helpers';
import { runWorkflow } from '../harness';
import { chainWorkflow } from './workflow';
import type { StepNode } from './workflow';

/** Credential data pointing the package's credentials at an emulator. */
export function emulatorCredentials(emu: RunningEmulator, apiKey = KEY) {
	return {
		unifiedGenerationApi: { apiKey, baseUrl: emu.unifiedBaseUrl },
		compatVideoApi: { apiKey, baseUrl: emu.compatBaseUrl },
	};
}

/** Runs Manual Trigger → steps through the real engine against the emulator. */
export function runSteps(
	emu: RunningEmulator,
	steps: Array<StepNode & { from?: [string, number] }>,
	options: { items?: IDataObject[]; apiKey?: string } = {},
) {
	return runWorkflow(chainWorkflow(steps), {
		credentials: emulatorCredentials(emu, options.apiKey),
		items: options.items,
	});
}

/** Wait settings that suit the emulator's short test clocks. */
export const FAST_WAIT = {
	waitOptions: { pollIntervalSeconds: 0.2, maxPollIntervalSeconds: 0.25, timeoutMinutes: 1 },
};
