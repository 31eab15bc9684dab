// The package's nodes as the durable suite (and the bench, which has no e2e set-up) puts them in
// workflows: on the emulator's credential, sd2-mini, each item's prompt.

export const CREDENTIALS = {
	unifiedGenerationApi: { id: 'ugEmuUnified0001', name: 'Unified Generation API (emulator)' },
};

/** Create Video, version 2 (waits and downloads by default), on each item's prompt. */
export const createVideo = (parameters = {}) => ({
	name: 'Create Video',
	type: 'n8n-nodes-unified-generation.createVideo',
	typeVersion: 2,
	webhookId: crypto.randomUUID(),
	credentials: CREDENTIALS,
	parameters: {
		model: 'sd2-mini',
		generationMode: 'textToVideo',
		prompt: '={{ $json.prompt }}',
		duration: 4,
		...parameters,
	},
});
