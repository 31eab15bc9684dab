/** alt family rules (alt3.0-video-prime and alt3.0-video accept the same inputs). */
import type { MediaFacts } from '../../../nodes/shared/rules';
import { MB, PROMPT, check, clips, expectOutcome, links, row } from './helpers';

const ALT = 'alt3.0-video';
const PRIME = 'alt3.0-video-prime';
const ref = (extra: Record<string, unknown>) => ({ prompt: PROMPT, videoInputMode: 'reference', ...extra });
const edit = (mode: string, extra: Record<string, unknown>) => ({ prompt: 'make Video1 snowy', mode, videoInputMode: 'reference', ...extra });

type Row = [string, string, Record<string, unknown>, string | null, string?];

describe('syntax rules', () => {
	test.each<Row>([
		['text-to-video', ALT, { prompt: PROMPT }, null],
		['mode normal', PRIME, { prompt: PROMPT, mode: 'normal' }, null],
		['EMPTY_CONTENT', ALT, {}, 'EMPTY_CONTENT'],
		['UNSUPPORTED_RESOLUTION: 2k', ALT, { prompt: PROMPT, outputResolution: '2k' }, 'UNSUPPORTED_RESOLUTION', 'inputs.outputResolution'],
		['UNSUPPORTED_RESOLUTION: 4k', PRIME, { prompt: PROMPT, outputResolution: '4k' }, 'UNSUPPORTED_RESOLUTION'],
		['1080p native', PRIME, { prompt: PROMPT, outputResolution: '1080p' }, null],
		['UNSUPPORTED_RESOLUTION: upscaleResolution', ALT, { prompt: PROMPT, upscaleResolution: '1080p' }, 'UNSUPPORTED_RESOLUTION', 'inputs.upscaleResolution'],
		['DURATION_OUT_OF_RANGE: 1s', ALT, { prompt: PROMPT, duration: '1s' }, 'DURATION_OUT_OF_RANGE', 'inputs.duration'],
		['2s', ALT, { prompt: PROMPT, duration: '2s' }, null],
		['30s', PRIME, { prompt: PROMPT, duration: '30s' }, null],
		['DURATION_OUT_OF_RANGE: 31s', PRIME, { prompt: PROMPT, duration: '31s' }, 'DURATION_OUT_OF_RANGE'],
		['DURATION_OUT_OF_RANGE: no smart duration (-1)', ALT, { prompt: PROMPT, duration: '-1' }, 'DURATION_OUT_OF_RANGE'],
		['DURATION_OUT_OF_RANGE: 2.5s', ALT, { prompt: PROMPT, duration: '2.5s' }, 'DURATION_OUT_OF_RANGE'],
		['seed 0', ALT, { prompt: PROMPT, seed: 0 }, null],
		['seed -1 has no meaning on alt', ALT, { prompt: PROMPT, seed: -1 }, 'INVALID_PARAMETER', 'inputs.seed'],
		['promptExtend false', ALT, { prompt: PROMPT, promptExtend: false }, null],
		['sd-only bitrateMode', ALT, { prompt: PROMPT, bitrateMode: 'high' }, 'INVALID_PARAMETER', 'inputs.bitrateMode'],
		['sd-only resolution preset', ALT, { prompt: PROMPT, resolution: '1280x720' }, 'INVALID_PARAMETER', 'inputs.resolution'],
		['ratio 16:9', ALT, { prompt: PROMPT, ratio: '16:9' }, null],
		['UNSUPPORTED_ASPECT_RATIO: 21:9', ALT, { prompt: PROMPT, ratio: '21:9' }, 'UNSUPPORTED_ASPECT_RATIO', 'inputs.ratio'],
	])('%s', row((_name, model, inputs, code, path) => {
		expectOutcome(check(model, inputs), code, path);
	}));
});

describe('modes and media', () => {
	test.each<Row>([
		['urls without videoInputMode are media in text-to-video', ALT, { prompt: PROMPT, urls: links(1) }, 'INVALID_MEDIA_COMBINATION', 'inputs.urls'],
		['keyframe: first frame', ALT, { videoInputMode: 'keyframe', urls: links(1) }, null],
		['keyframe: first and last', ALT, { videoInputMode: 'keyframe', urls: links(2) }, null],
		['keyframe: three images', ALT, { videoInputMode: 'keyframe', urls: links(3) }, 'INVALID_MEDIA_COMBINATION', 'inputs.urls'],
		['keyframe mixed with reference videos', ALT, { videoInputMode: 'keyframe', urls: links(1), videoUrls: links(1, 'mp4') }, 'INVALID_MEDIA_COMBINATION', 'inputs.videoUrls'],
		['keyframe takes the ratio from the images', ALT, { videoInputMode: 'keyframe', urls: links(1), ratio: '9:16' }, null],
		['reference without media', ALT, ref({}), 'INVALID_MEDIA_COMBINATION'],
		['reference with audio only (allowed)', ALT, ref({ audioUrls: links(1, 'mp3') }), null],
		['reference ratio 1:1', ALT, ref({ urls: links(1), ratio: '1:1' }), null],
		['TOO_MANY_REFERENCES: 11 images', ALT, ref({ urls: links(11) }), 'TOO_MANY_REFERENCES', 'inputs.urls'],
		['10 images, 5 videos, 5 audio', ALT, ref({ urls: links(10), videoUrls: links(5, 'mp4'), audioUrls: links(5, 'mp3') }), null],
		['TOO_MANY_REFERENCES: 6 videos', PRIME, ref({ videoUrls: links(6, 'mp4') }), 'TOO_MANY_REFERENCES', 'inputs.videoUrls'],
		['TOO_MANY_REFERENCES: 6 audio', PRIME, ref({ audioUrls: links(6, 'mp3') }), 'TOO_MANY_REFERENCES', 'inputs.audioUrls'],
		['EDIT_SOURCE_VIDEO_REQUIRED', ALT, edit('edit', {}), 'EDIT_SOURCE_VIDEO_REQUIRED', 'inputs.videoUrls'],
		['EXTEND_SOURCE_VIDEO_REQUIRED', ALT, edit('extend', { urls: links(1) }), 'EXTEND_SOURCE_VIDEO_REQUIRED', 'inputs.videoUrls'],
		['edit with a video', ALT, edit('edit', { videoUrls: links(1, 'mp4'), ratio: 'adaptive' }), null],
		['extend with a video', PRIME, edit('extend', { videoUrls: links(1, 'mp4') }), null],
		['PROMPT_REQUIRED: edit without prompt', ALT, { mode: 'edit', videoInputMode: 'reference', videoUrls: links(1, 'mp4') }, 'PROMPT_REQUIRED', 'inputs.prompt'],
		['edit needs reference mode', ALT, { prompt: 'p', mode: 'edit', videoUrls: links(1, 'mp4') }, 'INVALID_MEDIA_COMBINATION', 'inputs.videoInputMode'],
		['UNSUPPORTED_ASPECT_RATIO: edit with a fixed ratio', ALT, edit('edit', { videoUrls: links(1, 'mp4'), ratio: '16:9' }), 'UNSUPPORTED_ASPECT_RATIO', 'inputs.ratio'],
		['extend with ratio auto', ALT, edit('extend', { videoUrls: links(1, 'mp4'), ratio: 'auto' }), null],
	])('%s', row((_name, model, inputs, code, path) => {
		expectOutcome(check(model, inputs), code, path);
	}));
});

describe('reference forms: only https urls of alt uploads', () => {
	test.each<Row>([
		['asset:// image', ALT, ref({ urls: ['asset://img'] }), 'REFERENCE_IMAGE_INVALID', 'inputs.urls[0]'],
		['asset:// video', ALT, ref({ videoUrls: ['asset://vid'] }), 'REFERENCE_VIDEO_INVALID', 'inputs.videoUrls[0]'],
		['asset:// audio', PRIME, ref({ audioUrls: ['asset://aud'] }), 'REFERENCE_AUDIO_INVALID', 'inputs.audioUrls[0]'],
		['http image', ALT, ref({ urls: ['http://alt.test/i.png'] }), 'INVALID_URL', 'inputs.urls[0]'],
		['http video', ALT, ref({ videoUrls: ['http://alt.test/v.mp4'] }), 'INVALID_URL', 'inputs.videoUrls[0]'],
		['https everywhere', ALT, ref({ urls: links(1), videoUrls: links(1, 'mp4'), audioUrls: links(1, 'mp3') }), null],
	])('%s', row((_name, model, inputs, code, path) => {
		expectOutcome(check(model, inputs), code, path);
	}));
});

describe('fact rules', () => {
	type FactRow = [string, Record<string, unknown>, MediaFacts, string | null, string?];
	const video = (n: number, duration = '5s') => ref({ videoUrls: links(n, 'mp4'), duration });
	const audio = (n: number) => ref({ urls: links(1), audioUrls: links(n, 'mp3') });
	const image = ref({ urls: links(1) });
	test.each<FactRow>([
		['15 s of video + 15 s output (valid)', video(1, '15s'), { videoUrls: clips(1, 15) }, null],
		['15 s of video + 16 s output', video(1, '16s'), { videoUrls: clips(1, 15) }, 'REFERENCE_VIDEO_DURATION_INVALID', 'inputs.videoUrls'],
		['clip 0.5 s', video(1), { videoUrls: clips(1, 0.5) }, 'REFERENCE_VIDEO_DURATION_INVALID', 'inputs.videoUrls[0]'],
		['clip 1 s', video(1), { videoUrls: clips(1, 1) }, null],
		['clip 16 s', video(1), { videoUrls: clips(1, 16) }, 'REFERENCE_VIDEO_DURATION_INVALID', 'inputs.videoUrls[0]'],
		['videos total 16 s', video(2), { videoUrls: clips(2, 8) }, 'REFERENCE_VIDEO_DURATION_INVALID', 'inputs.videoUrls'],
		['videos total 15 s', video(3), { videoUrls: clips(3, 5) }, null],
		['audio 0.5 s', audio(1), { audioUrls: clips(1, 0.5) }, 'REFERENCE_AUDIO_DURATION_INVALID', 'inputs.audioUrls[0]'],
		['audio 15 s', audio(1), { audioUrls: clips(1, 15) }, null],
		['audio 15.5 s', audio(1), { audioUrls: clips(1, 15.5) }, 'REFERENCE_AUDIO_DURATION_INVALID'],
		['audio total 16 s', audio(2), { audioUrls: clips(2, 8) }, 'REFERENCE_AUDIO_DURATION_INVALID', 'inputs.audioUrls'],
		['image missing', image, { urls: [{ found: false }] }, 'REFERENCE_IMAGE_INVALID', 'inputs.urls[0]'],
		['image of another account', image, { urls: [{ owned: false }] }, 'REFERENCE_IMAGE_INVALID'],
		['image is a video', image, { urls: [{ kind: 'video' }] }, 'REFERENCE_IMAGE_INVALID'],
		['image GIF', image, { urls: [{ format: 'gif' }] }, 'REFERENCE_IMAGE_INVALID'],
		['image JPG', image, { urls: [{ format: 'jpg' }] }, null],
		['image over 20 MB', image, { urls: [{ bytes: 20 * MB + 1 }] }, 'REFERENCE_IMAGE_INVALID'],
		['image 20 MB', image, { urls: [{ bytes: 20 * MB }] }, null],
		['image side 239 px', image, { urls: [{ width: 239, height: 500 }] }, 'REFERENCE_IMAGE_INVALID'],
		['image side 8001 px', image, { urls: [{ width: 8001, height: 2000 }] }, 'REFERENCE_IMAGE_INVALID'],
		['image 240x1920 (8:1)', image, { urls: [{ width: 240, height: 1920 }] }, null],
		['image 2430x300 (8.1:1)', image, { urls: [{ width: 2430, height: 300 }] }, 'REFERENCE_IMAGE_INVALID'],
		['PNG with transparency', image, { urls: [{ format: 'png', hasAlpha: true }] }, 'REFERENCE_IMAGE_INVALID'],
		['PNG without transparency', image, { urls: [{ format: 'png', hasAlpha: false }] }, null],
		['video not resolving', video(1), { videoUrls: [{ found: false }] }, 'ASSET_NOT_FOUND', 'inputs.videoUrls[0]'],
		['video unreadable', video(1), { videoUrls: [{ readable: false }] }, 'READ_FAILED', 'inputs.videoUrls[0]'],
		['video WebM', video(1), { videoUrls: [{ format: 'webm' }] }, 'REFERENCE_VIDEO_INVALID', 'inputs.videoUrls[0]'],
		['video MOV', video(1), { videoUrls: [{ format: 'mov' }] }, null],
		['video over 100 MB', video(1), { videoUrls: [{ bytes: 100 * MB + 1 }] }, 'REFERENCE_VIDEO_INVALID'],
		['video side 4097 px', video(1), { videoUrls: [{ width: 4097, height: 2160 }] }, 'REFERENCE_VIDEO_INVALID'],
		['video 4096x2160', video(1), { videoUrls: [{ width: 4096, height: 2160 }] }, null],
		['video 2400x240 is 10:1', video(1), { videoUrls: [{ width: 2400, height: 240 }] }, 'REFERENCE_VIDEO_INVALID'],
		['audio not resolving', audio(1), { audioUrls: [{ found: false }] }, 'REFERENCE_AUDIO_INVALID', 'inputs.audioUrls[0]'],
		['audio OGG', audio(1), { audioUrls: [{ format: 'ogg' }] }, 'REFERENCE_AUDIO_INVALID'],
		['audio over 15 MB', audio(1), { audioUrls: [{ bytes: 15 * MB + 1 }] }, 'REFERENCE_AUDIO_INVALID'],
		['audio WAV 15 MB', audio(1), { audioUrls: [{ format: 'wav', bytes: 15 * MB }] }, null],
		['audio unreadable', audio(1), { audioUrls: [{ readable: false }] }, 'READ_FAILED', 'inputs.audioUrls[0]'],
	])('%s', row((_name, inputs, media, code, path) => {
		expectOutcome(check(ALT, inputs, media), code, path);
	}));
});
