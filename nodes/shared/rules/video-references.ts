/** Video requests: is each entry of urls / videoUrls / audioUrls a reference form its list takes. */
import type { MediaArrayName, MediaLimits, VideoModel } from '../catalog';
import { CODES } from './codes';
import { checkReferenceForms } from './references';
import type { Failure } from './result';
import type { VideoPlan } from './video-plan';

export const MEDIA_ARRAYS: readonly MediaArrayName[] = ['urls', 'videoUrls', 'audioUrls'];

/** The REFERENCE_*_INVALID code of each list. */
export const INVALID_REFERENCE: Readonly<Record<MediaArrayName, string>> = {
	urls: CODES.REFERENCE_IMAGE_INVALID,
	videoUrls: CODES.REFERENCE_VIDEO_INVALID,
	audioUrls: CODES.REFERENCE_AUDIO_INVALID,
};

export function referenceLimits(model: VideoModel, array: MediaArrayName): MediaLimits {
	const refs = model.references;
	return array === 'urls' ? refs.images : array === 'videoUrls' ? refs.videos : refs.audios;
}

export function checkVideoReferenceForms(model: VideoModel, plan: VideoPlan): Failure | undefined {
	const uploadHint = `${model.id} takes only files uploaded for it (Upload Asset with model ${model.id}, or a binary field of this node): give the https URL that upload returns`;
	for (const array of MEDIA_ARRAYS) {
		const ctx = { path: `inputs.${array}`, assetRefusedCode: INVALID_REFERENCE[array], uploadHint };
		const failure = checkReferenceForms(plan[array], referenceLimits(model, array), ctx);
		if (failure) return failure;
	}
	return undefined;
}
