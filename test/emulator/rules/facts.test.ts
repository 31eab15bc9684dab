/**
 * The emulator's fact rules (what the service knows about the referenced files), composed after the
 * package's request rules by validateCreateTask. Moved from test/unit/rules when the package's rules
 * became request-only; every row keeps its meaning.
 */
import { MB, PROMPT, assets, expectOutcome, links, row } from '../../unit/rules/helpers';
import { validateCreateTask, type MediaFacts } from './index';

const checkFacts = (model: string, inputs: Record<string, unknown>, media: MediaFacts) =>
	validateCreateTask({ model, inputs }, media);

/** `n` facts of `seconds` each. */
const clips = (n: number, seconds: number) => Array.from({ length: n }, () => ({ seconds }));

describe('sd family', () => {
	const ref = (extra: Record<string, unknown>) => ({
		prompt: PROMPT,
		videoInputMode: 'reference',
		resolution: '1280x720',
		...extra,
	});
	const edit = (extra: Record<string, unknown>) => ({
		prompt: 'make Video 1 snowy',
		mode: 'edit',
		videoInputMode: 'reference',
		...extra,
	});

	describe('fact rules (only when the fact is given)', () => {
		type FactRow = [string, string, Record<string, unknown>, MediaFacts, string | null, string?];
		const oneVideo = ref({ videoUrls: assets(1) });
		const twoVideos = ref({ videoUrls: assets(2) });
		test.each<FactRow>([
			['unknown facts are not judged', 'sd2', oneVideo, { videoUrls: [{}] }, null],
			[
				'ASSET_NOT_FOUND: video does not resolve',
				'sd2',
				oneVideo,
				{ videoUrls: [{ found: false }] },
				'ASSET_NOT_FOUND',
				'inputs.videoUrls[0]',
			],
			[
				'ASSET_NOT_FOUND: video of another account',
				'sd2',
				twoVideos,
				{ videoUrls: [{}, { owned: false }] },
				'ASSET_NOT_FOUND',
				'inputs.videoUrls[1]',
			],
			[
				'ASSET_NOT_FOUND: asset:// image does not resolve',
				'sd2',
				{ prompt: PROMPT, urls: ['asset://i'] },
				{ urls: [{ found: false }] },
				'ASSET_NOT_FOUND',
				'inputs.urls[0]',
			],
			[
				'facts by index, with gaps',
				'sd2',
				twoVideos,
				{ videoUrls: [undefined, { found: false }] },
				'ASSET_NOT_FOUND',
				'inputs.videoUrls[1]',
			],
			['found and owned', 'sd2', oneVideo, { videoUrls: [{ found: true, owned: true }] }, null],
			[
				'READ_FAILED',
				'sd2.5',
				oneVideo,
				{ videoUrls: [{ readable: false }] },
				'READ_FAILED',
				'inputs.videoUrls[0]',
			],
			['readable', 'sd2.5', oneVideo, { videoUrls: [{ readable: true, seconds: 5 }] }, null],
			[
				'REFERENCE_VIDEO_DURATION_INVALID: sd2 clip 15.5 s',
				'sd2',
				oneVideo,
				{ videoUrls: clips(1, 15.5) },
				'REFERENCE_VIDEO_DURATION_INVALID',
				'inputs.videoUrls[0]',
			],
			['sd2 clip 15 s', 'sd2', oneVideo, { videoUrls: clips(1, 15) }, null],
			['sd2 clip 1 s (no minimum stated)', 'sd2-fast', oneVideo, { videoUrls: clips(1, 1) }, null],
			[
				'REFERENCE_VIDEO_DURATION_INVALID: sd2.5 clip 1.5 s',
				'sd2.5',
				oneVideo,
				{ videoUrls: clips(1, 1.5) },
				'REFERENCE_VIDEO_DURATION_INVALID',
			],
			['sd2.5 clip 2 s', 'sd2.5', oneVideo, { videoUrls: clips(1, 2) }, null],
			[
				'REFERENCE_VIDEO_DURATION_INVALID: sd2.5 total 31 s',
				'sd2.5',
				twoVideos,
				{ videoUrls: [{ seconds: 16 }, { seconds: 15 }] },
				'REFERENCE_VIDEO_DURATION_INVALID',
				'inputs.videoUrls',
			],
			['sd2.5 total 30 s', 'sd2.5', twoVideos, { videoUrls: clips(2, 15) }, null],
			[
				'REFERENCE_AUDIO_DURATION_INVALID: sd2 audio 1 s',
				'sd2',
				ref({ urls: links(1), audioUrls: links(1) }),
				{ audioUrls: clips(1, 1) },
				'REFERENCE_AUDIO_DURATION_INVALID',
				'inputs.audioUrls[0]',
			],
			[
				'REFERENCE_AUDIO_DURATION_INVALID: sd2 total 16 s',
				'sd2',
				ref({ urls: links(1), audioUrls: links(2) }),
				{ audioUrls: clips(2, 8) },
				'REFERENCE_AUDIO_DURATION_INVALID',
				'inputs.audioUrls',
			],
			[
				'sd2 audio 2 s and total 15 s',
				'sd2',
				ref({ urls: links(1), audioUrls: links(2) }),
				{ audioUrls: [{ seconds: 2 }, { seconds: 13 }] },
				null,
			],
			[
				'sd2.5 audio 30 s total',
				'sd2.5',
				ref({ audioUrls: links(2) }),
				{ audioUrls: clips(2, 15) },
				null,
			],
			[
				'REFERENCE_AUDIO_DURATION_INVALID: sd2.5 audio 31 s',
				'sd2.5',
				ref({ audioUrls: links(1) }),
				{ audioUrls: clips(1, 31) },
				'REFERENCE_AUDIO_DURATION_INVALID',
			],
			[
				'REFERENCE_AUDIO_INVALID: sd2.5 audio over 15 MB',
				'sd2.5',
				ref({ audioUrls: links(1) }),
				{ audioUrls: [{ bytes: 15 * MB + 1 }] },
				'REFERENCE_AUDIO_INVALID',
				'inputs.audioUrls[0]',
			],
			[
				'sd2.5 audio 15 MB',
				'sd2.5',
				ref({ audioUrls: links(1) }),
				{ audioUrls: [{ bytes: 15 * MB }] },
				null,
			],
			[
				'REFERENCE_VIDEO_INVALID: sd2.5 video over 200 MB',
				'sd2.5',
				oneVideo,
				{ videoUrls: [{ bytes: 200 * MB + 1 }] },
				'REFERENCE_VIDEO_INVALID',
			],
			[
				'REFERENCE_VIDEO_INVALID: sd2.5 video below 480p',
				'sd2.5',
				oneVideo,
				{ videoUrls: [{ width: 640, height: 360 }] },
				'REFERENCE_VIDEO_INVALID',
			],
			[
				'sd2.5 video 854x480',
				'sd2.5',
				oneVideo,
				{ videoUrls: [{ width: 854, height: 480 }] },
				null,
			],
			[
				'REFERENCE_VIDEO_INVALID: sd2.5 video above 4K',
				'sd2.5',
				oneVideo,
				{ videoUrls: [{ width: 7680, height: 4320 }] },
				'REFERENCE_VIDEO_INVALID',
			],
			[
				'REFERENCE_VIDEO_INVALID: an image in videoUrls',
				'sd2',
				oneVideo,
				{ videoUrls: [{ kind: 'image' }] },
				'REFERENCE_VIDEO_INVALID',
			],
			[
				'REFERENCE_IMAGE_INVALID: shortest side 399 px',
				'sd2',
				{ prompt: PROMPT, urls: links(1) },
				{ urls: [{ width: 399, height: 800 }] },
				'REFERENCE_IMAGE_INVALID',
				'inputs.urls[0]',
			],
			[
				'shortest side 400 px',
				'sd2.5',
				{ prompt: PROMPT, urls: links(1) },
				{ urls: [{ width: 400, height: 800 }] },
				null,
			],
			[
				'EDIT_SOURCE_DURATION_INVALID: source 3.9 s',
				'sd2.5',
				edit({ videoUrls: assets(1) }),
				{ videoUrls: clips(1, 3.9) },
				'EDIT_SOURCE_DURATION_INVALID',
				'inputs.videoUrls[0]',
			],
			[
				'EDIT_SOURCE_DURATION_INVALID: source 31 s',
				'sd2.5',
				edit({ videoUrls: assets(1) }),
				{ videoUrls: clips(1, 31) },
				'EDIT_SOURCE_DURATION_INVALID',
			],
			[
				'edit source 4 s',
				'sd2.5',
				edit({ videoUrls: assets(1) }),
				{ videoUrls: clips(1, 4) },
				null,
			],
			[
				'edit source 30 s',
				'sd2.5',
				edit({ videoUrls: assets(1) }),
				{ videoUrls: clips(1, 30) },
				null,
			],
			[
				'edit reference clip 3 s is a normal reference',
				'sd2.5',
				edit({ videoUrls: assets(2) }),
				{ videoUrls: [{ seconds: 10 }, { seconds: 3 }] },
				null,
			],
		])(
			'%s',
			row((_name, model, inputs, media, code, path) => {
				expectOutcome(checkFacts(model, inputs, media), code, path);
			}),
		);
	});
});

describe('alt family', () => {
	const ALT = 'alt3.0-video';
	const ref = (extra: Record<string, unknown>) => ({
		prompt: PROMPT,
		videoInputMode: 'reference',
		...extra,
	});

	describe('fact rules', () => {
		type FactRow = [string, Record<string, unknown>, MediaFacts, string | null, string?];
		const video = (n: number, duration = '5s') => ref({ videoUrls: links(n, 'mp4'), duration });
		const audio = (n: number) => ref({ urls: links(1), audioUrls: links(n, 'mp3') });
		const image = ref({ urls: links(1) });
		test.each<FactRow>([
			['15 s of video + 15 s output (valid)', video(1, '15s'), { videoUrls: clips(1, 15) }, null],
			[
				'15 s of video + 16 s output',
				video(1, '16s'),
				{ videoUrls: clips(1, 15) },
				'REFERENCE_VIDEO_DURATION_INVALID',
				'inputs.videoUrls',
			],
			[
				'clip 0.5 s',
				video(1),
				{ videoUrls: clips(1, 0.5) },
				'REFERENCE_VIDEO_DURATION_INVALID',
				'inputs.videoUrls[0]',
			],
			['clip 1 s', video(1), { videoUrls: clips(1, 1) }, null],
			[
				'clip 16 s',
				video(1),
				{ videoUrls: clips(1, 16) },
				'REFERENCE_VIDEO_DURATION_INVALID',
				'inputs.videoUrls[0]',
			],
			[
				'videos total 16 s',
				video(2),
				{ videoUrls: clips(2, 8) },
				'REFERENCE_VIDEO_DURATION_INVALID',
				'inputs.videoUrls',
			],
			['videos total 15 s', video(3), { videoUrls: clips(3, 5) }, null],
			[
				'audio 0.5 s',
				audio(1),
				{ audioUrls: clips(1, 0.5) },
				'REFERENCE_AUDIO_DURATION_INVALID',
				'inputs.audioUrls[0]',
			],
			['audio 15 s', audio(1), { audioUrls: clips(1, 15) }, null],
			['audio 15.5 s', audio(1), { audioUrls: clips(1, 15.5) }, 'REFERENCE_AUDIO_DURATION_INVALID'],
			[
				'audio total 16 s',
				audio(2),
				{ audioUrls: clips(2, 8) },
				'REFERENCE_AUDIO_DURATION_INVALID',
				'inputs.audioUrls',
			],
			[
				'image missing',
				image,
				{ urls: [{ found: false }] },
				'REFERENCE_IMAGE_INVALID',
				'inputs.urls[0]',
			],
			['image of another account', image, { urls: [{ owned: false }] }, 'REFERENCE_IMAGE_INVALID'],
			['image is a video', image, { urls: [{ kind: 'video' }] }, 'REFERENCE_IMAGE_INVALID'],
			['image GIF', image, { urls: [{ format: 'gif' }] }, 'REFERENCE_IMAGE_INVALID'],
			['image JPG', image, { urls: [{ format: 'jpg' }] }, null],
			['image over 20 MB', image, { urls: [{ bytes: 20 * MB + 1 }] }, 'REFERENCE_IMAGE_INVALID'],
			['image 20 MB', image, { urls: [{ bytes: 20 * MB }] }, null],
			[
				'image side 239 px',
				image,
				{ urls: [{ width: 239, height: 500 }] },
				'REFERENCE_IMAGE_INVALID',
			],
			[
				'image side 8001 px',
				image,
				{ urls: [{ width: 8001, height: 2000 }] },
				'REFERENCE_IMAGE_INVALID',
			],
			['image 240x1920 (8:1)', image, { urls: [{ width: 240, height: 1920 }] }, null],
			[
				'image 2430x300 (8.1:1)',
				image,
				{ urls: [{ width: 2430, height: 300 }] },
				'REFERENCE_IMAGE_INVALID',
			],
			[
				'PNG with transparency',
				image,
				{ urls: [{ format: 'png', hasAlpha: true }] },
				'REFERENCE_IMAGE_INVALID',
			],
			['PNG without transparency', image, { urls: [{ format: 'png', hasAlpha: false }] }, null],
			[
				'video not resolving',
				video(1),
				{ videoUrls: [{ found: false }] },
				'ASSET_NOT_FOUND',
				'inputs.videoUrls[0]',
			],
			[
				'video unreadable',
				video(1),
				{ videoUrls: [{ readable: false }] },
				'READ_FAILED',
				'inputs.videoUrls[0]',
			],
			[
				'video WebM',
				video(1),
				{ videoUrls: [{ format: 'webm' }] },
				'REFERENCE_VIDEO_INVALID',
				'inputs.videoUrls[0]',
			],
			['video MOV', video(1), { videoUrls: [{ format: 'mov' }] }, null],
			[
				'video over 100 MB',
				video(1),
				{ videoUrls: [{ bytes: 100 * MB + 1 }] },
				'REFERENCE_VIDEO_INVALID',
			],
			[
				'video side 4097 px',
				video(1),
				{ videoUrls: [{ width: 4097, height: 2160 }] },
				'REFERENCE_VIDEO_INVALID',
			],
			['video 4096x2160', video(1), { videoUrls: [{ width: 4096, height: 2160 }] }, null],
			[
				'video 2400x240 is 10:1',
				video(1),
				{ videoUrls: [{ width: 2400, height: 240 }] },
				'REFERENCE_VIDEO_INVALID',
			],
			[
				'audio not resolving',
				audio(1),
				{ audioUrls: [{ found: false }] },
				'REFERENCE_AUDIO_INVALID',
				'inputs.audioUrls[0]',
			],
			['audio OGG', audio(1), { audioUrls: [{ format: 'ogg' }] }, 'REFERENCE_AUDIO_INVALID'],
			[
				'audio over 15 MB',
				audio(1),
				{ audioUrls: [{ bytes: 15 * MB + 1 }] },
				'REFERENCE_AUDIO_INVALID',
			],
			['audio WAV 15 MB', audio(1), { audioUrls: [{ format: 'wav', bytes: 15 * MB }] }, null],
			[
				'audio unreadable',
				audio(1),
				{ audioUrls: [{ readable: false }] },
				'READ_FAILED',
				'inputs.audioUrls[0]',
			],
		])(
			'%s',
			row((_name, inputs, media, code, path) => {
				expectOutcome(checkFacts(ALT, inputs, media), code, path);
			}),
		);
	});
});

describe('image models: reference images', () => {
	type FactRow = [string, string, MediaFacts, string | null];
	test.each<FactRow>([
		['over 50 MB', 'gen-image-2', { urls: [{ bytes: 50 * MB + 1 }] }, 'REFERENCE_IMAGE_INVALID'],
		['50 MB', 'gen-image-2', { urls: [{ bytes: 50 * MB }] }, null],
		[
			'shortest side 255 px',
			'nano-fruit-2',
			{ urls: [{ width: 255, height: 600 }] },
			'REFERENCE_IMAGE_INVALID',
		],
		['shortest side 256 px', 'nano-fruit-2', { urls: [{ width: 256, height: 600 }] }, null],
		['aspect 3:1', 'gen-image-2.5-flare', { urls: [{ width: 900, height: 300 }] }, null],
		[
			'aspect beyond 1:3',
			'gen-image-2.5-flare',
			{ urls: [{ width: 300, height: 901 }] },
			'REFERENCE_IMAGE_INVALID',
		],
		['GIF', 'nano-fruit-pro', { urls: [{ format: 'gif' }] }, 'REFERENCE_IMAGE_INVALID'],
		['JPG', 'nano-fruit-pro', { urls: [{ format: 'jpg' }] }, null],
		[
			'URL does not resolve',
			'gen-image-2',
			{ urls: [{ found: false }] },
			'REFERENCE_IMAGE_INVALID',
		],
		[
			'dream: no stated size limit',
			'dream-v5.0-pro',
			{ urls: [{ bytes: 80 * MB, width: 100, height: 900 }] },
			null,
		],
	])('%s (%s)', (_name, model, media, code) => {
		expectOutcome(
			checkFacts(model, { prompt: PROMPT, urls: links(1) }, media),
			code,
			code ? 'inputs.urls[0]' : undefined,
		);
	});
});

describe("a final is not judged by facts (its media are its draft's)", () => {
	test('sd2.5 final with a missing video fact', () => {
		expectOutcome(
			checkFacts('sd2.5', { draftSourceOrderId: 'order-1' }, { videoUrls: [{ found: false }] }),
			null,
		);
	});
});
