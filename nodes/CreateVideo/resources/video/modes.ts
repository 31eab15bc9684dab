import type { GenerationMode, VideoMode, VideoModel } from '../../../shared/catalog';
import { VIDEO_PARAMETER } from './names';

/** What the node's "Generation Mode" selector offers: the catalog's modes, draft being a toggle. */
export type VideoNodeMode = GenerationMode | 'final';

export const MODE_LABELS: Record<VideoNodeMode, { name: string; description: string }> = {
	textToVideo: { name: 'Text to Video', description: 'Generate from the prompt alone' },
	firstFrame: {
		name: 'Image to Video (First Frame)',
		description: 'Animate one image, used as the first frame',
	},
	keyframes: {
		name: 'First and Last Frames',
		description: 'Generate the motion between two images',
	},
	reference: {
		name: 'Multi-Reference',
		description: 'Use reference images, videos and audio (refer to them as Image1, Video1, Audio1)',
	},
	edit: {
		name: 'Edit Video',
		description: 'Change the first video (Video 1) as the prompt describes',
	},
	extend: {
		name: 'Extend Video',
		description: 'Continue the videos; duration is the length of the new part',
	},
	final: {
		name: 'Final Render From Draft',
		description: "Render a completed 480P draft again at native 1080P (reuses the draft's inputs)",
	},
};

/** The modes by the short names a subtitle uses where the long ones do not fit the canvas. */
export const MODE_SHORT_NAMES: Record<VideoNodeMode, string> = {
	textToVideo: 'Text',
	firstFrame: 'First Frame',
	keyframes: 'Keyframes',
	reference: 'Reference',
	edit: 'Edit',
	extend: 'Extend',
	final: 'Final',
};

export function nodeModes(model: VideoModel): VideoNodeMode[] {
	return model.modes.filter((mode: VideoMode): mode is VideoNodeMode => mode !== 'draft');
}

/** Modes that take media arrays (reference-style inputs). */
export const ARRAY_MODES: readonly GenerationMode[] = ['reference', 'edit', 'extend'];

export function modesWhere(
	model: VideoModel,
	test: (mode: VideoNodeMode) => boolean,
): VideoNodeMode[] {
	return nodeModes(model).filter(test);
}

/** Shows a field in the given modes of the model's Generation Mode. */
export const shownIn = (modes: VideoNodeMode[]) => ({
	show: { [VIDEO_PARAMETER.generationMode]: modes },
});
