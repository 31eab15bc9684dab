/**
 * What each node calls the fields of the requests it sends, by API path: a refusal (the rules') or
 * a service error (its `path` or `param`) names the field the user can see and change in the node,
 * with the API path after it. test/unit/errors/field-labels.test.ts holds every label here to the
 * node's description, so a renamed field cannot leave its messages behind.
 */

/** The node as an error sees it: its type (`<package>.createVideo`, or `…Tool`) and its parameters. */
export interface NodeLike {
	type: string;
	parameters?: Record<string, unknown>;
}

type Labels = Record<string, string>;

const CALLBACK: Labels = { callBackUrl: 'Callback URL' };

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
	...CALLBACK,
};

/** The two frames travel in `inputs.urls`, in the frame modes (Unified Generation API, keyframe). */
const FRAMES = ['First Frame Image URL', 'Last Frame Image URL'];
const FRAME_MODES = ['firstFrame', 'keyframes'];

const IMAGE: Labels = {
	model: 'Model',
	'inputs.prompt': 'Prompt',
	'inputs.urls': 'Reference Image URLs',
	'inputs.quality': 'Quality',
	'inputs.resolution': 'Resolution',
	'inputs.aspectRatio': 'Aspect Ratio',
	'inputs.outputFormat': 'Output Format',
	...CALLBACK,
};

/** Upscale Video's `source.url` comes from the field of the chosen Source. */
const UPSCALE_SOURCE: Labels = {
	url: 'Video URL',
	asset: 'Video Asset',
	binary: 'Input Binary Field',
};

const UPSCALE: Labels = {
	targetResolution: 'Target Resolution',
	...CALLBACK,
};

const UPLOAD: Labels = {
	url: 'URL',
	file: 'Input Binary Field',
	type: 'Type',
	model: 'For Model',
	name: 'Name',
};

/** Compat Task → Task → Create: content entries come from Prompt and Media, options by their name. */
const COMPAT: Labels = {
	model: 'Model',
	content: 'Media',
	media: 'Media',
	ratio: 'Ratio',
	resolution: 'Resolution',
	duration: 'Duration (Seconds)',
	generate_audio: 'Generate Audio',
	watermark: 'Watermark',
	url: 'URL',
};

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

const IMAGE_PARAMETERS: Labels = {
	generationMode: 'Generation Mode',
	urls: 'Reference Image URLs',
	imagesPerItem: 'Images per Item',
};

/** By node name (its type without the package); exported for the test that holds them to the descriptions. */
export const FIELD_LABELS: Record<string, { api: Labels; parameters: Labels }> = {
	createVideo: { api: VIDEO, parameters: VIDEO_PARAMETERS },
	createImage: { api: IMAGE, parameters: IMAGE_PARAMETERS },
	upscale: { api: UPSCALE, parameters: {} },
	uploadAsset: { api: UPLOAD, parameters: {} },
	compatTask: { api: COMPAT, parameters: {} },
};

/** The node's name in its type, the same for the node and its tool. */
const nodeName = (node: NodeLike) => node.type.replace(/^.*\./, '').replace(/Tool$/, '');

/** `inputs.urls[1]` → `inputs.urls` and 1; `content[0].image_url.url` → `content` and 0. */
function split(path: string): { base: string; index?: number } {
	const match = /^([^[]+)(?:\[(\d+)\])?/.exec(path);
	if (!match) return { base: path };
	return { base: match[1], index: match[2] === undefined ? undefined : Number(match[2]) };
}

/** The label of the field behind an API path, or undefined when the node has none for it. */
export function fieldLabel(node: NodeLike, path: string): string | undefined {
	const name = nodeName(node);
	const { base, index } = split(path);
	const parameters = node.parameters ?? {};
	if (name === 'createVideo' && base === 'inputs.urls' && index !== undefined)
		if (FRAME_MODES.includes(String(parameters.generationMode))) return FRAMES[index];
	if (name === 'upscale' && base === 'source.url')
		return UPSCALE_SOURCE[String(parameters.sourceType)] ?? UPSCALE_SOURCE.url;
	if (name === 'compatTask' && /^content\[\d+\]\.text$/.test(path)) return 'Prompt';
	return FIELD_LABELS[name]?.api[base];
}

/**
 * How a message names a field: "Field: <label> (<API path>)", the label alone for one of the
 * node's own parameters, the path alone where the node has no field for it.
 */
export function fieldLine(node: NodeLike, path: string): string {
	const own = FIELD_LABELS[nodeName(node)]?.parameters[path];
	if (own) return `Field: ${own}`;
	const label = fieldLabel(node, path);
	return label ? `Field: ${label} (${path})` : `Field: ${path}`;
}
