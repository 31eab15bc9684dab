import type { RunOptions, WorkflowJson } from '../harness';
import { chainWorkflow, UNIFIED_CREDENTIAL } from '../helpers/workflow';
import { DOWNLOAD_PROBE, DownloadProbe } from './download-probe.node';

/**
 * A workflow of one download probe. With `ownOrigin`, the node has a credential whose Base URL
 * is there (as the emulator's is: it serves its files from its own origin); without, it has none.
 */
export function downloadRun(
	parameters: Record<string, unknown>,
	ownOrigin?: string,
): [WorkflowJson, RunOptions] {
	const credentials = ownOrigin ? { credentials: UNIFIED_CREDENTIAL } : {};
	const workflow = chainWorkflow([
		{
			name: 'Download',
			type: DOWNLOAD_PROBE,
			parameters,
			onError: 'continueRegularOutput',
			...credentials,
		},
	]);
	const options: RunOptions = {
		credentials: ownOrigin
			? { unifiedGenerationApi: { apiKey: 'sk-download-test', baseUrl: `${ownOrigin}/api/v1/` } }
			: {},
		extraNodeTypes: { [DOWNLOAD_PROBE]: new DownloadProbe() },
	};
	return [workflow, options];
}
