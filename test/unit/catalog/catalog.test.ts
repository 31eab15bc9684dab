/** The catalog against the spec's text, value by value (numbers typed from the spec). */
import {
	ASSETS,
	COMPAT,
	IMAGE_MODEL_IDS,
	MB,
	VIDEO_FAMILIES,
	modelUploadIds,
	videoFamilyOf,
	videoModelsOf,
	UPSCALE,
	VIDEO_MODEL_IDS,
	getImageModel,
	getVideoModel,
	type VideoModel,
} from '../../../nodes/shared/catalog';

const video = (id: string): VideoModel => {
	const model = getVideoModel(id);
	if (!model) throw new Error(`no model ${id}`);
	return model;
};
const values = (spec: { options: readonly { value: string }[] } | undefined) =>
	spec?.options.map((o) => o.value);

describe('model lists', () => {
	// The spec's models are there; a model the catalog adds later needs no change here.
	test('the six video models of the spec, each id once', () => {
		expect(VIDEO_MODEL_IDS).toEqual(
			expect.arrayContaining([
				'alt3.0-video',
				'alt3.0-video-prime',
				'sd2',
				'sd2-fast',
				'sd2-mini',
				'sd2.5',
			]),
		);
		expect(new Set([...VIDEO_MODEL_IDS, ...IMAGE_MODEL_IDS]).size).toBe(
			VIDEO_MODEL_IDS.length + IMAGE_MODEL_IDS.length,
		);
	});
	test('the seven image models of the spec', () => {
		expect(IMAGE_MODEL_IDS).toEqual(
			expect.arrayContaining([
				'dream-v5.0-lite',
				'dream-v5.0-pro',
				'gen-image-2',
				'gen-image-2.5-flare',
				'gen-image-2.5-sunburst',
				'nano-fruit-2',
				'nano-fruit-pro',
			]),
		);
	});
	test('lookups return undefined for unknown ids', () => {
		expect(getVideoModel('sd3')).toBeUndefined();
		expect(getImageModel('sd2')).toBeUndefined();
	});
	test('every model has a display name and a one-line description', () => {
		for (const id of [...VIDEO_MODEL_IDS])
			expect(video(id).name && video(id).description).toBeTruthy();
		for (const id of IMAGE_MODEL_IDS) expect(getImageModel(id)?.description).toBeTruthy();
	});
});

describe('video families', () => {
	test('what sets each family apart is its data', () => {
		expect(VIDEO_FAMILIES.sd).toEqual({
			id: 'sd',
			uploads: 'asset',
			mediaImpliesKeyframes: true,
			missingReferenceInvalid: false,
		});
		expect(VIDEO_FAMILIES.alt).toEqual({
			id: 'alt',
			uploads: 'modelUpload',
			mediaImpliesKeyframes: false,
			missingReferenceInvalid: true,
			idPrefix: 'alt',
		});
		expect(videoFamilyOf(video('alt3.0-video'))).toBe(VIDEO_FAMILIES.alt);
	});
	test('POST /assets/upload takes the alt models as `model`, sorted', () => {
		expect(modelUploadIds()).toEqual(
			expect.arrayContaining(['alt3.0-video', 'alt3.0-video-prime']),
		);
		expect(modelUploadIds()).toEqual(
			videoModelsOf(VIDEO_FAMILIES.alt)
				.map((model) => model.id)
				.sort(),
		);
	});
});

describe('video models', () => {
	test.each([
		['sd2.5', 'sd', 4, 30, 5, true],
		['sd2', 'sd', 4, 15, 5, true],
		['sd2-fast', 'sd', 4, 15, 5, true],
		['sd2-mini', 'sd', 4, 15, 5, true],
		['alt3.0-video-prime', 'alt', 2, 30, 5, false],
		['alt3.0-video', 'alt', 2, 30, 5, false],
	])(
		'%s: family %s, duration %i-%i s, default %i, smart -1 %s',
		(id, family, min, max, def, smart) => {
			const m = video(id);
			expect(m.family).toBe(family);
			expect(m.duration).toMatchObject({
				range: { min, max },
				default: def,
				wholeSeconds: true,
				smart,
			});
		},
	);

	test.each([
		['sd2.5', ['480p', '720p', '1080p'], ['2k', '4k']],
		['sd2', ['480p', '720p', '1080p', '4k'], ['2k']],
		['sd2-fast', ['480p', '720p'], ['1080p', '2k', '4k']],
		['sd2-mini', ['480p', '720p'], ['1080p', '2k', '4k']],
		['alt3.0-video-prime', ['480p', '720p', '1080p'], []],
		['alt3.0-video', ['480p', '720p', '1080p'], []],
	])('%s: native %j, upscaled %j, default 720p', (id, native, upscaled) => {
		const m = video(id);
		expect(m.outputResolutions.filter((r) => r.native).map((r) => r.value)).toEqual(native);
		expect(m.outputResolutions.filter((r) => !r.native).map((r) => r.value)).toEqual(upscaled);
		expect(m.defaultOutputResolution).toBe('720p');
	});

	test.each([
		['sd2', 9, 3, 3, 12, false],
		['sd2-fast', 9, 3, 3, 12, false],
		['sd2-mini', 9, 3, 3, 12, false],
		['sd2.5', 30, 10, 10, 50, true],
		['alt3.0-video-prime', 10, 5, 5, undefined, true],
		['alt3.0-video', 10, 5, 5, undefined, true],
	])(
		'%s references: %i images, %i videos, %i audio, %s files, audio alone %s',
		(id, img, vid, aud, files, alone) => {
			const r = video(id).references;
			expect([r.images.max, r.videos.max, r.audios.max, r.maxFiles, r.audioAlone]).toEqual([
				img,
				vid,
				aud,
				files,
				alone,
			]);
			expect(r.modes.extend.videoUrls.min).toBe(1);
		},
	);

	test('sd2 family: clips at most 15 s; audio 2-15 s, 15 s total; images shortest side 400 px; asset:// videos', () => {
		const r = video('sd2').references;
		expect(r.videos.seconds?.max).toBe(15);
		expect(r.audios).toMatchObject({ seconds: { min: 2, max: 15 }, maxTotalSeconds: 15 });
		expect(r.images.shortSide?.min).toBe(400);
		expect(r.videos.accepts).toEqual(['asset']);
		expect(r.modes.extend.videoUrls.max).toBe(3);
	});

	test('sd2.5: videos 2-30 s, 200 MB, 30 s total, 480p-4K; audio 15 MB, 2-30 s, 30 s total; edit source 4-30 s', () => {
		const r = video('sd2.5').references;
		expect(r.videos).toMatchObject({
			seconds: { min: 2, max: 30 },
			maxBytes: 200 * MB,
			maxTotalSeconds: 30,
		});
		expect(r.videos.shortSide).toEqual({ min: 480, max: 2160 });
		expect(r.audios).toMatchObject({
			maxBytes: 15 * MB,
			seconds: { min: 2, max: 30 },
			maxTotalSeconds: 30,
		});
		expect(r.editSourceSeconds).toEqual({ min: 4, max: 30 });
		expect(r.modes.extend.videoUrls.max).toBe(3);
		expect(video('sd2.5').duration.ignoredIn).toEqual(['edit']);
	});

	test.each(['alt3.0-video', 'alt3.0-video-prime', 'sd2', 'sd2.5'])(
		'%s: extend takes 1-3 clips (error table: "extend at most 3 videos")',
		(id) => {
			expect(video(id).references.modes.extend.videoUrls).toEqual({ min: 1, max: 3 });
		},
	);

	test.each([
		['sd2.5', ['textToVideo']],
		['sd2', ['textToVideo', 'edit', 'extend']],
		['sd2-fast', ['textToVideo', 'edit', 'extend']],
		['sd2-mini', ['textToVideo', 'edit', 'extend']],
		['alt3.0-video-prime', ['textToVideo', 'edit', 'extend']],
		['alt3.0-video', ['textToVideo', 'edit', 'extend']],
	])(
		'%s needs a prompt in %j (sd2/sd2-fast/sd2-mini edit and extend: our reading of "must describe")',
		(id, modes) => {
			expect(video(id).params.prompt.requiredIn).toEqual(modes);
		},
	);

	test('alt: image/video/audio requirements of rules 4-6 and 30 s input plus output', () => {
		const r = video('alt3.0-video').references;
		expect(r.images).toMatchObject({
			formats: ['jpeg', 'png', 'bmp', 'webp'],
			maxBytes: 20 * MB,
			side: { min: 240, max: 8000 },
			maxAspectRatio: 8,
			noTransparency: true,
			accepts: ['https'],
		});
		expect(r.videos).toMatchObject({
			formats: ['mp4', 'mov'],
			maxBytes: 100 * MB,
			seconds: { min: 1, max: 15 },
			maxTotalSeconds: 15,
			side: { min: 240, max: 4096 },
			maxAspectRatio: 8,
		});
		expect(r.audios).toMatchObject({
			formats: ['wav', 'mp3'],
			maxBytes: 15 * MB,
			seconds: { min: 1, max: 15 },
			maxTotalSeconds: 15,
		});
		expect(r.maxInputPlusOutputSeconds).toBe(30);
	});

	test('draft and final are sd2.5 only; draft at 480p, final at 1080p, 7 days', () => {
		for (const id of VIDEO_MODEL_IDS)
			expect(video(id).modes.includes('draft')).toBe(id === 'sd2.5');
		expect(video('sd2.5').params.draft).toMatchObject({
			tier: '480p',
			finalTier: '1080p',
			lifetimeDays: 7,
		});
		expect(video('sd2.5').params.draft?.modes).toEqual([
			'textToVideo',
			'firstFrame',
			'keyframes',
			'reference',
		]);
		expect(video('sd2.5').inputs).toEqual(
			expect.arrayContaining(['draft', 'draftSourceOrderId', 'source_frame_timestamps_ms']),
		);
		expect(video('sd2').inputs).not.toContain('draft');
	});

	test('sd aspect presets (auto default, forbidden in reference) and alt ratios', () => {
		const sd = video('sd2').aspect;
		expect(values(sd)).toEqual([
			'auto',
			'720x720',
			'720x960',
			'960x720',
			'1280x720',
			'720x1280',
			'1280x540',
		]);
		expect(sd).toMatchObject({
			input: 'resolution',
			default: 'auto',
			fixedRequiredIn: ['reference'],
		});
		const alt = video('alt3.0-video').aspect;
		expect([...(values(alt) ?? [])].sort()).toEqual(
			['16:9', '1:1', '3:4', '4:3', '9:16', 'adaptive', 'auto'].sort(),
		);
		expect(alt).toMatchObject({
			input: 'ratio',
			automatic: ['auto', 'adaptive'],
			automaticOnlyIn: ['edit', 'extend'],
		});
	});

	test('other parameters: seed, generateAudio, bitrateMode, promptExtend, upscaleResolution, prompt max', () => {
		const sd = video('sd2.5').params;
		expect(sd.seed).toEqual({ min: 0, max: 2147483647, random: -1 });
		expect(sd.generateAudio.default).toBe(true);
		expect(values(sd.bitrateMode)).toEqual(['standard', 'high']);
		expect(sd.bitrateMode?.default).toBe('standard');
		expect(sd.upscaleResolution).toBe('deprecated');
		expect(sd.prompt.maxLength).toBe(20000);
		expect(sd.sourceFrameTimestampsIn).toEqual(['edit']);
		const alt = video('alt3.0-video-prime').params;
		expect(alt.seed).toEqual({ min: 0, max: 2147483647 });
		expect(alt.promptExtend?.default).toBe(true);
		expect(alt.bitrateMode).toBeUndefined();
		expect(alt.upscaleResolution).toBe('unsupported');
		expect(video('alt3.0-video').modeOptions.map((o) => o.value)).toEqual([
			'normal',
			'edit',
			'extend',
		]);
		expect(video('sd2').modeOptions.map((o) => o.value)).toEqual(['edit', 'extend']);
	});
});

describe('image models', () => {
	test.each([
		[
			'gen-image-2.5-flare',
			['medium', 'high', 'xhigh', 'max'],
			['1k', '2k', '4k'],
			'2k',
			5,
			['png', 'jpeg', 'webp'],
		],
		[
			'gen-image-2.5-sunburst',
			['medium', 'high', 'xhigh', 'max'],
			['1k', '2k', '4k'],
			'2k',
			5,
			['png', 'jpeg', 'webp'],
		],
		['gen-image-2', ['medium', 'high'], ['1k', '2k', '4k'], '2k', 5, ['png', 'jpeg', 'webp']],
		['nano-fruit-2', undefined, ['1k', '2k', '4k'], '2k', 10, undefined],
		['nano-fruit-pro', undefined, ['1k', '2k', '4k'], '2k', 10, undefined],
		['dream-v5.0-lite', undefined, ['2k', '4k'], '2k', 15, undefined],
		['dream-v5.0-pro', undefined, ['1k', '2k'], '1k', 15, undefined],
	])(
		'%s: quality %j, resolution %j (default %s), %i aspect ratios, format %j',
		(id, quality, res, def, aspects, format) => {
			const m = getImageModel(id);
			expect(values(m?.quality)).toEqual(quality);
			expect(values(m?.resolution)).toEqual(res);
			expect(m?.resolution.default).toBe(def);
			expect(m?.aspectRatio.options).toHaveLength(aspects);
			expect(m?.aspectRatio.default).toBe('1:1');
			expect(values(m?.outputFormat)).toEqual(format);
			if (quality) expect(m?.quality?.default).toBe('medium');
			if (format) expect(m?.outputFormat?.default).toBe('png');
		},
	);

	test('aspect lists: gen-image 5, nano-fruit adds 3:2 2:3 4:5 5:4 21:9, dream has 1:2 and 9:21', () => {
		expect(values(getImageModel('gen-image-2')?.aspectRatio)).toEqual([
			'1:1',
			'16:9',
			'9:16',
			'4:3',
			'3:4',
		]);
		expect(values(getImageModel('nano-fruit-2')?.aspectRatio)).toEqual([
			'1:1',
			'16:9',
			'9:16',
			'4:3',
			'3:4',
			'3:2',
			'2:3',
			'4:5',
			'5:4',
			'21:9',
		]);
		expect(values(getImageModel('dream-v5.0-pro')?.aspectRatio)).toEqual([
			'1:1',
			'1:2',
			'2:1',
			'1:3',
			'3:1',
			'2:3',
			'3:2',
			'3:4',
			'4:3',
			'4:5',
			'5:4',
			'9:16',
			'16:9',
			'9:21',
			'21:9',
		]);
	});

	test('input images: up to 10; gen-image/nano-fruit 50 MB, shortest side 256, 1:3-3:1, JPEG/PNG/WEBP', () => {
		for (const id of ['gen-image-2', 'nano-fruit-pro']) {
			expect(getImageModel(id)?.inputImages).toMatchObject({
				max: 10,
				maxBytes: 50 * MB,
				shortSide: { min: 256 },
				maxAspectRatio: 3,
				formats: ['jpeg', 'png', 'webp'],
				accepts: ['https'],
			});
		}
		expect(getImageModel('dream-v5.0-lite')?.inputImages).toEqual({ max: 10, accepts: ['https'] });
		expect(getImageModel('dream-v5.0-pro')?.maxResolution).toBe('2k');
	});
});

describe('compat, upscale and assets', () => {
	test('both recommended compat ids are version 2.0 and take video_url items ("version 2.0 only")', () => {
		expect(COMPAT.models.map((m) => [m.value, m.videoInput])).toEqual([
			['video-2-0-260128', true],
			['video-2-0-fast-260128', true],
		]);
	});

	test('compat API facts', () => {
		expect(COMPAT.models.map((m) => m.value)).toEqual([
			'video-2-0-260128',
			'video-2-0-fast-260128',
		]);
		expect(COMPAT.contentTypes).toEqual(['text', 'image_url', 'video_url', 'audio_url']);
		expect(COMPAT.roles).toEqual({
			image_url: ['first_frame', 'last_frame', 'reference_image'],
			video_url: ['reference_video'],
			audio_url: ['reference_audio'],
		});
		expect(values(COMPAT.ratio)).toEqual(['adaptive', '16:9', '9:16', '4:3', '3:4', '1:1', '21:9']);
		expect(COMPAT.ratio.default).toBe('adaptive');
		expect(COMPAT.duration).toEqual({ min: 4, max: 15, default: 5, smart: -1 });
		expect(values(COMPAT.resolution)).toEqual(['480p', '720p']);
		expect(COMPAT.resolution.default).toBe('720p');
		expect(COMPAT.tools.map((t) => t.value)).toEqual(['web_search']);
		expect(COMPAT.defaults).toEqual({ generateAudio: true, watermark: false });
		expect([COMPAT.minBalance, COMPAT.batchMaxEntries, COMPAT.pageSizeDefault]).toEqual([
			100, 50, 20,
		]);
	});

	test('upscale targets, heights, rates and source limits', () => {
		expect(UPSCALE.targets.map((t) => [t.value, t.height, t.creditsPerSecond])).toEqual([
			['720p', 720, 17],
			['1080p', 1080, 25],
			['2k', 1440, 38],
			['4k', 2160, 50],
		]);
		expect(UPSCALE.minBilledSeconds).toBe(5);
		expect(UPSCALE.source).toMatchObject({
			maxSeconds: 600,
			maxBytes: 200 * MB,
			formats: ['mp4', 'mov', 'webm'],
			protocol: 'https',
		});
	});

	test('asset types, caps, name and list limits', () => {
		expect(ASSETS.types.IMAGE).toEqual({
			formats: ['jpeg', 'jpg', 'png', 'webp', 'gif', 'bmp', 'tiff', 'heic'],
			maxBytes: 30 * MB,
		});
		expect(ASSETS.types.VIDEO).toEqual({ formats: ['mp4', 'mov'], maxBytes: 50 * MB });
		expect(ASSETS.types.AUDIO).toEqual({ formats: ['wav', 'mp3'], maxBytes: 15 * MB });
		expect([ASSETS.maxBytes, ASSETS.nameMaxLength]).toEqual([50 * MB, 64]);
		expect(ASSETS.list).toEqual({ minLimit: 1, maxLimit: 50, defaultLimit: 20 });
		expect(ASSETS.statuses).toEqual(['PROCESSING', 'ACTIVE', 'FAILED']);
	});
});
