/**
 * The catalog's one list of models. Each family file declares its entries and they are registered
 * here; the node fields, the rules, pricing and the emulator read this list when they run, so an
 * entry added to a family file (or registered, as a test fixture does) is offered, checked, priced
 * and served with no other file touched.
 */
import { IMAGE_MODEL_ENTRIES, type ImageModel } from './image';
import { ALT_FAMILY, ALT_VIDEO_MODELS } from './video-alt';
import { SD_FAMILY, SD_VIDEO_MODELS } from './video-sd';
import type { VideoFamily, VideoFamilySpec, VideoModel } from './video-types';

export const VIDEO_FAMILIES: Readonly<Record<VideoFamily, VideoFamilySpec>> = {
	sd: SD_FAMILY,
	alt: ALT_FAMILY,
};

const videoModels: VideoModel[] = [];
const imageModels: ImageModel[] = [];
const videoIds: string[] = [];
const imageIds: string[] = [];

export const VIDEO_MODELS: readonly VideoModel[] = videoModels;
export const IMAGE_MODELS: readonly ImageModel[] = imageModels;
export const VIDEO_MODEL_IDS: readonly string[] = videoIds;
export const IMAGE_MODEL_IDS: readonly string[] = imageIds;

export function getVideoModel(id: unknown): VideoModel | undefined {
	return videoModels.find((m) => m.id === id);
}

export function getImageModel(id: unknown): ImageModel | undefined {
	return imageModels.find((m) => m.id === id);
}

/** A model id resolved: which of the two lists holds it, and its entry. */
export type FoundModel =
	{ kind: 'video'; model: VideoModel } | { kind: 'image'; model: ImageModel };

/**
 * The model an id names, of either kind (an id names one model of either kind): resolved once, so
 * the rules and the prices judge the entry they were handed instead of looking it up again.
 */
export function findModel(id: unknown): FoundModel | undefined {
	const video = getVideoModel(id);
	if (video) return { kind: 'video', model: video };
	const image = getImageModel(id);
	return image ? { kind: 'image', model: image } : undefined;
}

/** Adds a video model of a known family; a model id names one model of either kind. */
export function registerVideoModel(model: VideoModel): void {
	refuseTaken(model.id);
	if (!VIDEO_FAMILIES[model.family])
		throw new Error(`The catalog has no video family ${model.family}`);
	videoModels.push(model);
	videoIds.push(model.id);
}

function registerImageModel(model: ImageModel): void {
	refuseTaken(model.id);
	imageModels.push(model);
	imageIds.push(model.id);
}

function refuseTaken(id: string): void {
	if (findModel(id)) throw new Error(`The catalog already has a model ${id}`);
}

for (const model of [...SD_VIDEO_MODELS, ...ALT_VIDEO_MODELS]) registerVideoModel(model);
for (const model of IMAGE_MODEL_ENTRIES) registerImageModel(model);

export function videoFamilyOf(model: VideoModel): VideoFamilySpec {
	return VIDEO_FAMILIES[model.family];
}

/** The models of `family`, in list order. */
export function videoModelsOf(family: VideoFamilySpec): VideoModel[] {
	return videoModels.filter((m) => m.family === family.id);
}

/** The `model` values POST /assets/upload takes: the models whose family uploads by model, sorted. */
export function modelUploadIds(): string[] {
	return videoModels
		.filter((m) => videoFamilyOf(m).uploads === 'modelUpload')
		.map((m) => m.id)
		.sort();
}
