import { DEFAULT_POLL } from '../../../nodes/shared/polling';
import { waitProperties } from '../../../nodes/shared/fields/wait';

describe('wait fields', () => {
	test('their literal defaults (required by n8n lint) equal the poller defaults', () => {
		const options = waitProperties().find((field) => field.name === 'waitOptions')?.options ?? [];
		const defaults = Object.fromEntries(options.map((option) => [option.name, (option as { default: unknown }).default]));
		expect(defaults).toEqual({
			pollIntervalSeconds: DEFAULT_POLL.intervalMs / 1000,
			maxPollIntervalSeconds: DEFAULT_POLL.maxIntervalMs / 1000,
			timeoutMinutes: DEFAULT_POLL.timeoutMs / 60_000,
			concurrency: DEFAULT_POLL.concurrency,
		});
	});
});
