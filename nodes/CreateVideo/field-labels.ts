import { CALLBACK_LABELS, registerFieldLabels } from '../shared/errors/field-labels';
import type { Labels, NodeLike } from '../shared/errors/field-labels';

/** Create Video's words for its fields, in errors (shared/errors/field-labels.ts). */

/** Create Video, by the paths of its createTask body (Unified Generation API, § Parameter table). */
const VIDEO: Labels = {
	model: 'Model',
	'inputs.prompt': 'Prompt',
	'inputs.mode': 'Generation Mode',
	'inputs.videoInputMode': 'Generation Mode',
	'inputs.urls': 'Reference Image URLs',
	'inputs.videoUrls': 'Video URLs',
	'inputs.audioUrls': 'Reference Audio URLs',
	'inputs.source_frame_timestamps_ms': 'Source Frame Timestamps (Ms)',
	'inputs.draft': 'Draft',
	'inputs.draftSourceOrderId': 'Draft Order ID',
	'inputs.duration': 'Duration (Seconds)',
	'inputs.resolution': 'Aspect Preset',
	'inputs.ratio': 'Aspect Ratio',
	'inputs.outputResolution': 'Output Resolution',
	'inputs.upscaleResolution': 'Legacy Upscale Resolution (Deprecated)',
	'inputs.bitrateMode': 'Bitrate Mode',
	'inputs.generateAudio': 'Generate Audio',
	'inputs.promptExtend': 'Prompt Extend',
	'inputs.seed': 'Seed',
	...CALLBACK_LABELS,
};

/** The two frames travel in `inputs.urls`, in the frame modes (Unified Generation API, keyframe). */
const FRAMES = ['First Frame Image URL', 'Last Frame Image URL'];
const FRAME_MODES = ['firstFrame', 'keyframes'];

/**
 * The node's own checks name a field by its parameter name (`firstFrameUrl`): the label alone says
 * it, as no API path is involved.
 */
const VIDEO_PARAMETERS: Labels = {
	generationMode: 'Generation Mode',
	firstFrameUrl: FRAMES[0],
	lastFrameUrl: FRAMES[1],
	urls: 'Reference Image URLs',
	videoUrls: 'Video URLs',
	audioUrls: 'Reference Audio URLs',
	firstFrameBinary: 'First Frame Binary Field',
	lastFrameBinary: 'Last Frame Binary Field',
	imageBinaries: 'Reference Image Binary Fields',
	videoBinaries: 'Video Binary Fields',
	audioBinaries: 'Reference Audio Binary Fields',
	automaticDuration: 'Automatic Length',
};

registerFieldLabels('createVideo', {
	api: VIDEO,
	parameters: VIDEO_PARAMETERS,
	// the two frames travel in inputs.urls, in the frame modes
	chosen: (node: NodeLike, _path, base, index) =>
		base === 'inputs.urls' &&
		index !== undefined &&
		FRAME_MODES.includes(String(node.parameters?.generationMode))
			? FRAMES[index]
			: undefined,
});
