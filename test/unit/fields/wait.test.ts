import { DEFAULT_POLL, MIN_INTERVAL_MS } from '../../../nodes/shared/polling';
import { waitProperties } from '../../../nodes/settings/wait';

describe('wait fields', () => {
	test('their literal defaults (required by n8n lint) equal the poller defaults', () => {
		const options = waitProperties().find((field) => field.name === 'waitOptions')?.options ?? [];
		const defaults = Object.fromEntries(
			options.map((option) => [option.name, (option as { default: unknown }).default]),
		);
		expect(defaults).toEqual({
			pollIntervalSeconds: DEFAULT_POLL.intervalMs / 1000,
			maxPollIntervalSeconds: DEFAULT_POLL.maxIntervalMs / 1000,
			timeoutMinutes: DEFAULT_POLL.timeoutMs / 60_000,
			concurrency: DEFAULT_POLL.concurrency,
		});
	});

	test("the intervals cannot be set below the poller's floor in the editor", () => {
		const options = waitProperties().find((field) => field.name === 'waitOptions')?.options ?? [];
		const intervals = options.filter((option) => option.name.endsWith('IntervalSeconds'));
		expect(intervals).toHaveLength(2);
		for (const field of intervals)
			expect((field as { typeOptions: { minValue: number } }).typeOptions.minValue).toBe(
				MIN_INTERVAL_MS / 1000,
			);
	});
});
