/** Facts of the Task-Compatible Video API (/v1/...): models, content items, enums, defaults, limits. */
import type { Choice, EnumSpec } from './types';

export type CompatContentType = 'text' | 'image_url' | 'video_url' | 'audio_url';
export type CompatRole =
	'first_frame' | 'last_frame' | 'reference_image' | 'reference_video' | 'reference_audio';

interface CompatModel extends Choice {
	/**
	 * Whether `video_url` content items are accepted (Task-Compatible Video Generation API,
	 * § POST /v1/contents/generations/tasks: "version 2.0 only").
	 */
	videoInput: boolean;
}

export const COMPAT = {
	/**
	 * The "recommended" ids of the Task-Compatible Video Generation API,
	 * § POST /v1/contents/generations/tasks (dated: the suffix is a six-digit date). They are the
	 * ids we know facts about, not the only ones the service takes: any non-empty model id is sent as
	 * given. Both are version 2.0 (`video-2-0-...`; the fast one is the faster 2.0), so both take
	 * `video_url` items ("version 2.0 only" does not exclude the fast id).
	 */
	models: [
		{ value: 'video-2-0-260128', name: 'Video 2.0', description: 'Version 2.0', videoInput: true },
		{
			value: 'video-2-0-fast-260128',
			name: 'Video 2.0 Fast',
			description: 'Version 2.0, faster',
			videoInput: true,
		},
	] as readonly CompatModel[],
	contentTypes: ['text', 'image_url', 'video_url', 'audio_url'] as readonly CompatContentType[],
	/** Roles each media item type may carry. */
	roles: {
		image_url: ['first_frame', 'last_frame', 'reference_image'],
		video_url: ['reference_video'],
		audio_url: ['reference_audio'],
	} as Readonly<Record<Exclude<CompatContentType, 'text'>, readonly CompatRole[]>>,
	roleOptions: [
		{ value: 'first_frame', name: 'First Frame', description: 'Image-to-video first frame' },
		{ value: 'last_frame', name: 'Last Frame' },
		{
			value: 'reference_image',
			name: 'Reference Image',
			description: 'Multimodal reference image',
		},
		{ value: 'reference_video', name: 'Reference Video' },
		{
			value: 'reference_audio',
			name: 'Reference Audio',
			description: 'Needs an image or a video too',
		},
	] as readonly Choice<CompatRole>[],
	/** Media URL forms: public URL, Base64 (data: URI) or `asset://<ASSET_ID>`. */
	urlForms: ['https', 'http', 'data', 'asset'] as const,
	ratio: {
		options: ['adaptive', '16:9', '9:16', '4:3', '3:4', '1:1', '21:9'].map((value) => ({
			value,
			name: value,
		})),
		default: 'adaptive',
	} as EnumSpec,
	duration: { min: 4, max: 15, default: 5, smart: -1 },
	resolution: {
		options: [
			{ value: '480p', name: '480p' },
			{ value: '720p', name: '720p' },
		],
		default: '720p',
	} as EnumSpec,
	/** web_search: search enhancement, text-to-video only. */
	tools: [
		{
			value: 'web_search',
			name: 'Web Search',
			description: 'Search enhancement (text-to-video only)',
		},
	] as readonly Choice[],
	defaults: { generateAudio: true, watermark: false },
	taskStatuses: ['running', 'succeeded', 'failed'] as const,
	assetStatuses: ['Processing', 'Active', 'Failed'] as const,
	/** Balance (currency units) needed to submit a task; below it the service refuses. */
	minBalance: 100,
	batchMaxEntries: 50,
	pageSizeDefault: 20,
	pageNumDefault: 1,
	pollIntervalSeconds: { min: 10, max: 30 },
	resultLinkHours: 24,
} as const;
