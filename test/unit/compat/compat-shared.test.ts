import { readPage } from '../../../nodes/shared/transport/compat-api';
import { COMPAT_POLL, resultLinkExpiry } from '../../../nodes/shared/tasks/compat';
import { compatVideoUrls } from '../../../nodes/shared/tasks/compat-content';
import { CompatTask } from '../../../nodes/CompatTask/CompatTask.node';

/** Compat choices where the spec is silent or gives a range: list shapes, link expiry, polling cadence. */

describe('readPage (list answer shape: not shown by the spec, our choice)', () => {
	const a = { id: 'a' };
	test.each([
		['a bare array', [a], undefined],
		['{items, total}', { items: [a], total: 7 }, 7],
		['{data: [...]}', { data: [a], total: 3 }, 3],
		['{data: {list, total}}', { data: { list: [a], total: 9 } }, 9],
		['{records}', { records: [a] }, undefined],
	])('reads %s', (_, answer, total) => {
		expect(readPage(answer)).toEqual({ records: [a], total });
	});

	test('an answer with no list is an empty page, never an error', () => {
		expect(readPage({ message: 'ok' })).toEqual({ records: [] });
		expect(readPage(null)).toEqual({ records: [] });
	});
});

describe('resultLinkExpiry (spec: the link is valid 24 hours after completion)', () => {
	test('is 24 hours after updated_at (our reading of the completion time)', () => {
		expect(resultLinkExpiry({ created_at: 1_000, updated_at: 2_000 })?.getTime()).toBe(
			(2_000 + 86_400) * 1000,
		);
	});

	test('is unknown without updated_at (our choice: created_at would call a working link expired; the download is tried)', () => {
		expect(resultLinkExpiry({ created_at: 1_000 })).toBeNull();
	});

	test('is unknown without a timestamp', () => {
		expect(resultLinkExpiry({ status: 'succeeded' })).toBeNull();
	});
});

describe("compatVideoUrls (the document's list, the upstream SDK's object)", () => {
	const url = 'https://files.example.com/v.mp4';
	test.each([
		[
			'content[].video_url.url',
			[
				{ type: 'text', text: 'x' },
				{ type: 'video_url', video_url: { url } },
			],
		],
		['content.video_url.url', { video_url: { url } }],
		['content.video_url as the URL itself', { video_url: url }],
	])('reads %s', (_, content) => {
		expect(compatVideoUrls(content)).toEqual([url]);
	});

	test.each([
		[[]],
		[undefined],
		[{}],
		[[{ type: 'video_url', video_url: { url: ' ' } }]],
		['text'],
	])('finds no URL in %j', (content) => {
		expect(compatVideoUrls(content)).toEqual([]);
	});
});

describe('polling cadence (spec: poll every 10-30 s)', () => {
	test('the compat default waits 10 s first and never more than 30 s', () => {
		expect(COMPAT_POLL).toMatchObject({ intervalMs: 10_000, maxIntervalMs: 30_000 });
	});

	test("the node's Poll Interval fields default to the same 10 s, and Max Poll Interval to 30 s", () => {
		const { properties } = new CompatTask().description;
		const waitOptions = properties.filter(
			(property) =>
				property.name === 'waitOptions' && property.displayOptions?.show?.resource?.[0] === 'task',
		);
		expect(waitOptions).toHaveLength(2);
		for (const field of waitOptions) {
			const options = field.options as Array<{ name: string; default: unknown }>;
			expect(options.find((option) => option.name === 'pollIntervalSeconds')?.default).toBe(
				COMPAT_POLL.intervalMs / 1000,
			);
			expect(options.find((option) => option.name === 'maxPollIntervalSeconds')?.default).toBe(
				COMPAT_POLL.maxIntervalMs / 1000,
			);
		}
	});
});
