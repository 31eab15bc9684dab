/** Alt per-second rates, every image price cell, and standalone upscaling (numbers from the spec). */
import { getImageModel } from '../../../nodes/shared/catalog';
import { estimateCredits, estimateUpscaleCredits } from '../../../nodes/shared/pricing';

describe('alt family: credits per second', () => {
	const reference = (model: string, tier: string) => ({
		model,
		inputs: {
			prompt: 'p',
			videoInputMode: 'reference',
			videoUrls: ['https://alt.test/v.mp4'],
			outputResolution: tier,
			duration: '5s',
		},
	});

	test.each([
		['alt3.0-video-prime', '480p', 22],
		['alt3.0-video-prime', '720p', 45],
		['alt3.0-video-prime', '1080p', 90],
		['alt3.0-video', '480p', 16],
		['alt3.0-video', '720p', 32],
		['alt3.0-video', '1080p', 64],
	])(
		'%s %s: %d per second; out x rate, (out + in) x rate with reference video',
		(model, tier, rate) => {
			expect(
				estimateCredits({ model, inputs: { prompt: 'p', outputResolution: tier, duration: '5s' } }),
			).toBe(5 * rate);
			expect(estimateCredits(reference(model, tier), { videoUrls: [{ seconds: 2.5 }] })).toBe(
				(5 + 3) * rate,
			);
		},
	);

	test('15 s of video plus 15 s output = 30 billed seconds', () => {
		const request = { ...reference('alt3.0-video', '720p') };
		request.inputs = { ...request.inputs, duration: '15s' };
		expect(estimateCredits(request, { videoUrls: [{ seconds: 15 }] })).toBe(30 * 32);
	});
	test('disabling audio and reference images/audio leave the price unchanged', () => {
		const inputs = {
			prompt: 'p',
			videoInputMode: 'reference',
			urls: ['https://alt.test/i.png'],
			audioUrls: ['https://alt.test/a.mp3'],
			generateAudio: false,
		};
		expect(estimateCredits({ model: 'alt3.0-video', inputs })).toBe(5 * 32);
	});
});

describe('images: the charged price of every cell (list price in the catalog)', () => {
	test.each([
		['gen-image-2', 'medium', '1k', 10, 15],
		['gen-image-2', 'medium', '2k', 23, 35],
		['gen-image-2', 'medium', '4k', 40, 60],
		['gen-image-2', 'high', '1k', 47, 70],
		['gen-image-2', 'high', '2k', 84, 125],
		['gen-image-2', 'high', '4k', 154, 230],
		...['gen-image-2.5-flare', 'gen-image-2.5-sunburst'].flatMap((model) => [
			[model, 'medium', '1k', 3, 5],
			[model, 'medium', '2k', 7, 10],
			[model, 'medium', '4k', 10, 15],
			[model, 'high', '1k', 13, 20],
			[model, 'high', '2k', 23, 35],
			[model, 'high', '4k', 40, 60],
			[model, 'xhigh', '1k', 23, 35],
			[model, 'xhigh', '2k', 37, 55],
			[model, 'xhigh', '4k', 67, 100],
			[model, 'max', '1k', 50, 75],
			[model, 'max', '2k', 84, 125],
			[model, 'max', '4k', 154, 230],
		]),
		['nano-fruit-2', undefined, '1k', 20, 30],
		['nano-fruit-2', undefined, '2k', 30, 45],
		['nano-fruit-2', undefined, '4k', 47, 70],
		['nano-fruit-pro', undefined, '1k', 40, 60],
		['nano-fruit-pro', undefined, '2k', 40, 60],
		['nano-fruit-pro', undefined, '4k', 74, 110],
		['dream-v5.0-lite', undefined, '2k', 7, 10],
		['dream-v5.0-lite', undefined, '4k', 7, 10],
		['dream-v5.0-pro', undefined, '1k', 10, 15],
		['dream-v5.0-pro', undefined, '2k', 20, 30],
	] as [string, string | undefined, string, number, number][])(
		'%s %s %s: %d charged (%d list)',
		(model, quality, resolution, charged, list) => {
			const inputs = { prompt: 'p', resolution, ...(quality ? { quality } : {}) };
			expect(estimateCredits({ model, inputs })).toBe(charged);
			const cell = getImageModel(model)?.prices.find(
				(p) => p.quality === quality && p.resolution === resolution,
			);
			expect(cell).toEqual({ ...(quality ? { quality } : {}), resolution, charged, list });
		},
	);

	test.each([
		['gen-image-2', 23],
		['gen-image-2.5-flare', 7],
		['nano-fruit-2', 30],
		['nano-fruit-pro', 40],
		['dream-v5.0-lite', 7],
		['dream-v5.0-pro', 10],
	])('%s with defaults (medium, default resolution) = %d', (model, credits) => {
		expect(estimateCredits({ model, inputs: { prompt: 'p' } })).toBe(credits);
	});

	test('reference images are not billed separately', () => {
		const urls = Array.from({ length: 10 }, (_, i) => `https://img.test/${i}.png`);
		expect(estimateCredits({ model: 'gen-image-2', inputs: { prompt: 'p', urls } })).toBe(23);
	});

	test.each([
		['dream-v5.0-pro has no 4k', 'dream-v5.0-pro', { resolution: '4k' }],
		['gen-image-2 has no max quality', 'gen-image-2', { quality: 'max' }],
	])('null when no cell matches: %s', (_name, model, extra) => {
		expect(estimateCredits({ model, inputs: { prompt: 'p', ...extra } })).toBeNull();
	});
});

describe('standalone upscaling: per source second, at least 5 s', () => {
	test.each([
		['720p', 10, 10 * 17],
		['1080p', 10, 10 * 25],
		['2k', 10, 10 * 38],
		['4k', 10, 10 * 50],
		['720p', 3, 5 * 17],
		['4k', 0, 5 * 50],
		['1080p', 5, 5 * 25],
		['2k', 10.2, 11 * 38],
		['4k', 4.5, 5 * 50],
		['4k', 600, 600 * 50],
	])('%s for %d s = %d', (target, secs, credits) => {
		expect(estimateUpscaleCredits(target, secs)).toBe(credits);
	});

	test('an unknown target or bad seconds throw', () => {
		expect(() => estimateUpscaleCredits('8k', 10)).toThrow(RangeError);
		expect(() => estimateUpscaleCredits('4k', Number.NaN)).toThrow(RangeError);
		expect(() => estimateUpscaleCredits('4k', -1)).toThrow(RangeError);
	});
});
