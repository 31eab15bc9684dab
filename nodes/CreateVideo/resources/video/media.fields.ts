import type { INodeProperties } from 'n8n-workflow';

import { videoFamilyOf, type MediaArrayName, type VideoModel } from '../../../shared/catalog';
import { ARRAY_MODES, shownIn } from './modes';
import type { VideoNodeMode } from './modes';
import { VIDEO_PARAMETER } from './names';

const P = VIDEO_PARAMETER;

/** Create Video's media inputs: frame and reference URLs, each with its binary-data companion. */
function urlHint(model: VideoModel, kind: MediaListKind): string {
	const accepts = model.references[kind].accepts;
	if (videoFamilyOf(model).uploads === 'modelUpload')
		return 'the https URL returned by Upload Asset for this model';
	// As the rules judge it: the catalog's accepted forms, http apart from https.
	const web = accepts.includes('http') ? 'an http or https URL' : 'an https URL';
	return accepts.includes('https')
		? `${web} or asset://<providerAssetId>`
		: 'asset://<providerAssetId> of an uploaded asset';
}

type MediaListKind = 'images' | 'videos' | 'audios';

/** An example of the kind's URLs, one per line, in the form the model takes. */
function urlPlaceholder(model: VideoModel, kind: MediaListKind): string {
	const file = {
		images: ['1.png', '2.png'],
		videos: ['1.mp4', '2.mp4'],
		audios: ['1.mp3', '2.mp3'],
	}[kind];
	const web =
		videoFamilyOf(model).uploads === 'modelUpload' ||
		model.references[kind].accepts.includes('https');
	return file
		.map((name, index) => (web ? `https://example.com/${name}` : `asset://asset_${index + 1}`))
		.join('\n');
}

type FrameName = typeof P.firstFrameUrl | typeof P.lastFrameUrl;

/** The URL fields' display names, also used by the node's messages about them. */
export const URL_FIELD_LABELS: Record<FrameName | MediaArrayName, string> = {
	firstFrameUrl: 'First Frame Image URL',
	lastFrameUrl: 'Last Frame Image URL',
	urls: 'Reference Image URLs',
	videoUrls: 'Video URLs',
	audioUrls: 'Reference Audio URLs',
};

export const frameModes = (name: FrameName): VideoNodeMode[] =>
	name === P.firstFrameUrl ? ['firstFrame', 'keyframes'] : ['keyframes'];

/** Not required: the frame may come from binary data instead (the node says so when both are empty). */
export function frameField(model: VideoModel, name: FrameName): INodeProperties {
	const first = name === P.firstFrameUrl;
	return {
		displayName: URL_FIELD_LABELS[name],
		name,
		type: 'string',
		default: '',
		description: `The ${first ? 'first' : 'last'} frame: ${urlHint(model, 'images')}. Or leave empty and give a binary field below.`,
		displayOptions: shownIn(frameModes(name)),
	};
}

/** The binary-data companion of each media field, by the media field's name. */
export const BINARY_MEDIA = {
	firstFrameUrl: { name: P.firstFrameBinary, displayName: 'First Frame Binary Field' },
	lastFrameUrl: { name: P.lastFrameBinary, displayName: 'Last Frame Binary Field' },
	urls: { name: P.imageBinaries, displayName: 'Reference Image Binary Fields' },
	videoUrls: { name: P.videoBinaries, displayName: 'Video Binary Fields' },
	audioUrls: { name: P.audioBinaries, displayName: 'Reference Audio Binary Fields' },
} as const;

/**
 * Files of the input item (a photo from Google Drive, a clip from a previous node): the node
 * uploads them the right way for the model, waits for their review and sends what the model takes.
 */
export function binaryMediaField(
	media: keyof typeof BINARY_MEDIA,
	modes: VideoNodeMode[],
): INodeProperties | undefined {
	if (modes.length === 0) return undefined;
	const { name, displayName } = BINARY_MEDIA[media];
	const list = media !== P.firstFrameUrl && media !== P.lastFrameUrl;
	return {
		displayName,
		name,
		type: 'string',
		default: '',
		placeholder: list ? 'data, data_1' : 'data',
		description: list
			? 'Binary fields of the input item to upload and use, comma-separated; they come before the URLs above'
			: 'A binary field of the input item to upload and use instead of the URL',
		displayOptions: shownIn(modes),
	};
}

const LIST_KINDS: Record<MediaArrayName, MediaListKind> = {
	urls: 'images',
	videoUrls: 'videos',
	audioUrls: 'audios',
};

export const listModes = (model: VideoModel, name: MediaArrayName) =>
	ARRAY_MODES.filter((mode) => model.references.modes[mode][name].max > 0);

export function mediaListField(
	model: VideoModel,
	name: MediaArrayName,
): INodeProperties | undefined {
	const modes = listModes(model, name);
	if (modes.length === 0) return undefined;
	const kind = LIST_KINDS[name];
	const source =
		name === P.videoUrls ? ' For Edit and Extend the first video is the source (Video 1).' : '';
	return {
		displayName: URL_FIELD_LABELS[name],
		name,
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		placeholder: urlPlaceholder(model, kind),
		description: `Up to ${model.references[kind].max}, one per line (or an expression giving an array); a comma is part of a URL, not a separator: ${urlHint(model, kind)}.${source}`,
		displayOptions: shownIn(modes),
	};
}
