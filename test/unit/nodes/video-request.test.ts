import { buildVideoRequest } from '../../../nodes/CreateVideo/request';
import type { VideoParameters } from '../../../nodes/CreateVideo/request';
import { validateRequest } from '../../../nodes/shared/rules';

const build = (parameters: Partial<VideoParameters>) =>
	buildVideoRequest({ model: 'sd2', generationMode: 'textToVideo', ...parameters } as VideoParameters);

describe('Create Video fields become the createTask body', () => {
	test('text to video with every additional option', () => {
		const request = build({
			prompt: 'a fox',
			duration: 6,
			aspect: '1280x720',
			outputResolution: '1080p',
			additionalOptions: {
				seed: 42,
				generateAudio: false,
				bitrateMode: 'high',
				upscaleResolution: '4k',
				callBackUrl: ' https://example.com/hook ',
			},
		});
		expect(request).toEqual({
			model: 'sd2',
			inputs: {
				prompt: 'a fox',
				duration: '6s',
				resolution: '1280x720',
				outputResolution: '1080p',
				seed: 42,
				generateAudio: false,
				bitrateMode: 'high',
				upscaleResolution: '4k',
			},
			callBackUrl: 'https://example.com/hook',
		});
		expect(validateRequest(request)).toEqual({ ok: true });
	});

	test('alt sends ratio and prompt extend; edit and extend send the automatic ratio', () => {
		expect(build({ model: 'alt3.0-video', prompt: 'p', aspect: '9:16', additionalOptions: { promptExtend: false } }).inputs).toMatchObject({
			ratio: '9:16',
			promptExtend: false,
		});
		const edit = build({ model: 'alt3.0-video', generationMode: 'edit', prompt: 'p', videoUrls: 'https://a/1.mp4', aspect: '9:16' });
		expect(edit.inputs).toMatchObject({ mode: 'edit', videoInputMode: 'reference', ratio: 'adaptive', videoUrls: ['https://a/1.mp4'] });
	});

	test('lists accept lines, commas or arrays; frames become urls in keyframe mode', () => {
		const reference = build({ generationMode: 'reference', urls: 'https://a/1.png,\nhttps://a/2.png', videoUrls: ['asset://v1'], referenceAspect: '720x720' });
		expect(reference.inputs).toMatchObject({
			urls: ['https://a/1.png', 'https://a/2.png'],
			videoUrls: ['asset://v1'],
			videoInputMode: 'reference',
			resolution: '720x720',
		});
		expect(build({ generationMode: 'keyframes', firstFrameUrl: 'https://a/1.png', lastFrameUrl: 'https://a/2.png' }).inputs).toMatchObject({
			urls: ['https://a/1.png', 'https://a/2.png'],
			videoInputMode: 'keyframe',
		});
	});

	test('sd2.5: draft replaces the output resolution; edit drops duration and sends timestamps; final sends only the order', () => {
		expect(build({ model: 'sd2.5', prompt: 'p', draft: true, outputResolution: '720p' }).inputs).toEqual({ prompt: 'p', draft: true });
		const edit = build({ model: 'sd2.5', generationMode: 'edit', prompt: 'p', videoUrls: 'asset://v', urls: 'asset://i', sourceFrameTimestamps: '0, 1500', duration: 9 });
		expect(edit.inputs).toMatchObject({ source_frame_timestamps_ms: [0, 1500] });
		expect(edit.inputs).not.toHaveProperty('duration');
		expect(build({ model: 'sd2.5', generationMode: 'final', draftSourceOrderId: ' order_1 ', prompt: 'ignored' })).toEqual({
			model: 'sd2.5',
			inputs: { draftSourceOrderId: 'order_1' },
		});
	});
});
