/** Video credits against the spec's tables and worked checks (formulas typed from the spec rows). */
import { estimateCredits } from '../../../nodes/shared/pricing';
import type { CreateTaskRequest, MediaFacts } from '../../../nodes/shared/rules';

const OUT = 5;
/** One input video of 7 s: above the minimum ceil(5 x 2/3) = 4, so in = 7. */
const IN = 7;

const textToVideo = (model: string, extra: Record<string, unknown> = {}): CreateTaskRequest => ({
	model,
	inputs: { prompt: 'a lighthouse at dusk', duration: `${OUT}s`, ...extra },
});
const withVideos = (
	model: string,
	count: number,
	extra: Record<string, unknown> = {},
): CreateTaskRequest => ({
	model,
	inputs: {
		prompt: 'in the style of Video1',
		videoInputMode: 'reference',
		resolution: '1280x720',
		videoUrls: Array.from({ length: count }, (_, i) => `asset://clip${i}`),
		duration: `${OUT}s`,
		...extra,
	},
});
const seconds = (...values: (number | undefined)[]): MediaFacts => ({
	videoUrls: values.map((s) => (s === undefined ? {} : { seconds: s })),
});

describe('sd family price table: every model x tier, without / with input video', () => {
	test.each([
		['sd2.5', '480p', 30 * OUT, 23 * (OUT + IN)],
		['sd2.5', '720p', 60 * OUT, 45 * (OUT + IN)],
		['sd2.5', '1080p', 150 * OUT, 113 * (OUT + IN)],
		['sd2.5', '2k', (60 + 30) * OUT, 45 * (OUT + IN) + 30 * OUT],
		['sd2.5', '4k', (60 + 40) * OUT, 45 * (OUT + IN) + 40 * OUT],
		['sd2', '480p', 20 * OUT, 15 * (OUT + IN)],
		['sd2', '720p', 40 * OUT, 30 * (OUT + IN)],
		['sd2', '1080p', 100 * OUT, 75 * (OUT + IN)],
		['sd2', '2k', (40 + 30) * OUT, 30 * (OUT + IN) + 30 * OUT],
		['sd2', '4k', 200 * OUT, 150 * (OUT + IN)],
		['sd2-fast', '480p', 16 * OUT, 12 * (OUT + IN)],
		['sd2-fast', '720p', 32 * OUT, 24 * (OUT + IN)],
		['sd2-fast', '1080p', (32 + 20) * OUT, 24 * (OUT + IN) + 20 * OUT],
		['sd2-fast', '2k', (32 + 30) * OUT, 24 * (OUT + IN) + 30 * OUT],
		['sd2-fast', '4k', (32 + 40) * OUT, 24 * (OUT + IN) + 40 * OUT],
		['sd2-mini', '480p', 10 * OUT, 7.5 * (OUT + IN)],
		['sd2-mini', '720p', 20 * OUT, 15 * (OUT + IN)],
		['sd2-mini', '1080p', (20 + 20) * OUT, 15 * (OUT + IN) + 20 * OUT],
		['sd2-mini', '2k', (20 + 30) * OUT, 15 * (OUT + IN) + 30 * OUT],
		['sd2-mini', '4k', (20 + 40) * OUT, 15 * (OUT + IN) + 40 * OUT],
	])('%s %s: %d without video, %d with a 7 s video', (model, tier, without, withVideo) => {
		expect(estimateCredits(textToVideo(model, { outputResolution: tier }))).toBe(without);
		expect(estimateCredits(withVideos(model, 1, { outputResolution: tier }), seconds(IN))).toBe(
			withVideo,
		);
	});
});

describe("the spec's worked checks (sd2.5)", () => {
	test.each([
		[
			'480P 4 s no video',
			textToVideo('sd2.5', { outputResolution: '480p', duration: '4s' }),
			undefined,
			120,
		],
		['720P 5 s', textToVideo('sd2.5', { outputResolution: '720p' }), undefined, 300],
		[
			'720P 5 s with 3 s input (counted as 4)',
			withVideos('sd2.5', 1, { outputResolution: '720p' }),
			seconds(3),
			405,
		],
		['1080P native 5 s', textToVideo('sd2.5', { outputResolution: '1080p' }), undefined, 750],
		[
			'1080P native 5 s with 5 s input',
			withVideos('sd2.5', 1, { outputResolution: '1080p' }),
			seconds(5),
			1130,
		],
	])('%s = %d', (_name, request, media, credits) => {
		expect(estimateCredits(request, media)).toBe(credits);
	});

	test.each([
		['sd2.5', 300],
		['sd2', 200],
		['sd2-fast', 160],
		['sd2-mini', 100],
		['alt3.0-video-prime', 225],
		['alt3.0-video', 160],
	])('capability table: %s 720p 5 s = %d (default tier and duration)', (model, credits) => {
		expect(estimateCredits({ model, inputs: { prompt: 'a cat' } })).toBe(credits);
	});
});

describe('input seconds (in)', () => {
	test.each([
		['each clip rounded up: 2.1 s + 2.1 s = 3 + 3', 'sd2.5', 2, seconds(2.1, 2.1), 45 * (5 + 6)],
		['at least ceil(out x 2/3): 1 s clip at out 5 counts 4', 'sd2', 1, seconds(1), 30 * (5 + 4)],
		[
			'at least ceil(out x 2/3): out 6 counts 4',
			'sd2',
			1,
			seconds(1),
			30 * (6 + 4),
			{ duration: '6s' },
		],
		[
			"the spec's worked check: 720P 5 s with a 3 s input (counted as 4) = 405",
			'sd2.5',
			1,
			seconds(3),
			405,
		],
		['a 30 s clip is billed 30: 45 x (5 + 30)', 'sd2.5', 1, seconds(30), 1575],
		['unknown seconds: no price (the service bills the real length)', 'sd2.5', 3, undefined, null],
		['one clip of two unknown: no price', 'sd2.5', 2, seconds(3, undefined), null],
		['unknown seconds on sd2: no price, not the minimum', 'sd2', 3, undefined, null],
		[
			'alt: no minimum for in, 1 s clip counts 1',
			'alt3.0-video',
			1,
			seconds(1),
			32 * (5 + 1),
			{ duration: '5s' },
		],
		['alt: unknown clips: no price', 'alt3.0-video', 2, undefined, null],
	])('%s', (_name, model, count, media, credits, extra: Record<string, unknown> = {}) => {
		const request = model.startsWith('alt')
			? {
					model,
					inputs: {
						prompt: 'p',
						videoInputMode: 'reference',
						videoUrls: Array(count).fill('https://x.test/v.mp4'),
						...extra,
					},
				}
			: withVideos(model, count, extra);
		expect(estimateCredits(request, media)).toBe(credits);
	});

	test('rounding: sd2-mini 480P 7.5 x (5 + 4) = 67.5 is charged as 68 (rounded up)', () => {
		expect(
			estimateCredits(withVideos('sd2-mini', 1, { outputResolution: '480p' }), seconds(3)),
		).toBe(68);
	});
	test('rounding: sd2-mini 480P 7.5 x (5 + 5) = 75 stays 75', () => {
		expect(
			estimateCredits(withVideos('sd2-mini', 1, { outputResolution: '480p' }), seconds(5)),
		).toBe(75);
	});
	test('reference images and audio add no billed input time', () => {
		const request = textToVideo('sd2', {
			videoInputMode: 'reference',
			resolution: '720x720',
			urls: ['https://x.test/a.png'],
			audioUrls: ['asset://a'],
		});
		expect(estimateCredits(request)).toBe(40 * 5);
	});
});

describe('tier selection', () => {
	test.each([
		[
			'upscaleResolution wins over outputResolution',
			'sd2',
			{ outputResolution: '720p', upscaleResolution: '2k' },
			(40 + 30) * 5,
		],
		[
			'upscaleResolution 1080p on sd2 is native 1080p',
			'sd2',
			{ upscaleResolution: '1080p' },
			100 * 5,
		],
		[
			'upscaleResolution 1080p on sd2.5 is native 1080p',
			'sd2.5',
			{ upscaleResolution: '1080p' },
			150 * 5,
		],
		[
			'upscaleResolution 1080p on sd2-fast is upscaled',
			'sd2-fast',
			{ upscaleResolution: '1080p' },
			(32 + 20) * 5,
		],
		['default tier is 720p', 'sd2-fast', {}, 32 * 5],
	])('%s', (_name, model, extra, credits) => {
		expect(estimateCredits(textToVideo(model, extra))).toBe(credits);
	});

	test.each([
		['unknown tier', textToVideo('sd2', { outputResolution: '8k' })],
		['alt has no 2k', textToVideo('alt3.0-video', { outputResolution: '2k' })],
		['automatic duration (-1)', textToVideo('sd2', { duration: '-1' })],
		['unreadable duration', textToVideo('sd2', { duration: 'long' })],
		['unknown model', textToVideo('sd3')],
	])('null for %s', (_name, request) => {
		expect(estimateCredits(request)).toBeNull();
	});
});

describe('edit and extend', () => {
	const edit = (model: string, count: number) =>
		withVideos(model, count, { mode: 'edit', duration: '15s' });

	test('sd2.5 edit bills the source duration as out and all videos as in (sent duration ignored)', () => {
		expect(estimateCredits(edit('sd2.5', 2), seconds(7, 3))).toBe(45 * (7 + (7 + 3)));
	});
	test('sd2.5 edit rounds the source up: 6.2 s is out 7 and in 7', () => {
		expect(estimateCredits(edit('sd2.5', 1), seconds(6.2))).toBe(45 * (7 + 7));
	});
	test('sd2.5 edit without the source seconds cannot be priced', () => {
		expect(estimateCredits(edit('sd2.5', 1))).toBeNull();
	});
	test('sd2 edit is billed normally: duration is out', () => {
		expect(estimateCredits(edit('sd2', 1), seconds(4))).toBe(30 * (15 + 10));
	});
	test('sd2.5 extend is billed as plain reference generation', () => {
		const request = withVideos('sd2.5', 2, { mode: 'extend', duration: '6s' });
		expect(estimateCredits(request, seconds(5, 5))).toBe(45 * (6 + 10));
	});
});

describe('draft and final (sd2.5)', () => {
	const draft = (extra: Record<string, unknown> = {}) =>
		textToVideo('sd2.5', { draft: true, ...extra });
	const final = { model: 'sd2.5', inputs: { draftSourceOrderId: 'order-1' } };

	test('a draft is billed at the 480P rate', () => {
		expect(estimateCredits(draft())).toBe(30 * 5);
	});
	test('a draft with input video uses the 480P with-video rate', () => {
		expect(estimateCredits(withVideos('sd2.5', 1, { draft: true }), seconds(3))).toBe(23 * (5 + 4));
	});
	test('a final without its draft cannot be priced', () => {
		expect(estimateCredits(final)).toBeNull();
	});
	test('a final is billed at the native 1080P rate with the draft duration', () => {
		expect(estimateCredits(final, undefined, { request: draft({ duration: '8s' }) })).toBe(150 * 8);
	});
	test("a final bills the draft's input videos again at their durations", () => {
		const source = { request: withVideos('sd2.5', 1, { draft: true }), media: seconds(6) };
		expect(estimateCredits(final, undefined, source)).toBe(113 * (5 + 6));
	});
	test('a final ignores its own other inputs', () => {
		const noisy = {
			model: 'sd2.5',
			inputs: { draftSourceOrderId: 'order-1', duration: '20s', outputResolution: '4k' },
		};
		expect(estimateCredits(noisy, undefined, { request: draft() })).toBe(150 * 5);
	});
});
