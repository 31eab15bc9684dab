/** Video requests: reference syntax per list, then the facts known about each referenced file. */
import type { MediaArrayName, MediaLimits, VideoModel } from '../catalog';
import { CODES } from './codes';
import { checkMediaFact, knownSeconds, type FactContext } from './mediaFacts';
import { checkReferenceForms } from './references';
import { fail, type Failure } from './result';
import type { MediaFacts, MediaKind } from './types';
import type { VideoPlan } from './videoPlan';

const ARRAYS: readonly MediaArrayName[] = ['urls', 'videoUrls', 'audioUrls'];
const KIND: Record<MediaArrayName, MediaKind> = { urls: 'image', videoUrls: 'video', audioUrls: 'audio' };
const INVALID: Record<MediaArrayName, string> = {
	urls: CODES.REFERENCE_IMAGE_INVALID,
	videoUrls: CODES.REFERENCE_VIDEO_INVALID,
	audioUrls: CODES.REFERENCE_AUDIO_INVALID,
};
const DURATION: Partial<Record<MediaArrayName, string>> = {
	videoUrls: CODES.REFERENCE_VIDEO_DURATION_INVALID,
	audioUrls: CODES.REFERENCE_AUDIO_DURATION_INVALID,
};

function limitsOf(model: VideoModel, array: MediaArrayName): MediaLimits {
	const refs = model.references;
	return array === 'urls' ? refs.images : array === 'videoUrls' ? refs.videos : refs.audios;
}

/**
 * Unresolved or foreign entries: the spec names ASSET_NOT_FOUND for videoUrls (both families) and
 * REFERENCE_IMAGE/AUDIO_INVALID ("missing, not owned") for alt images and audio; sd asset://
 * images and audio that do not resolve get ASSET_NOT_FOUND like videos.
 */
function notFoundCode(model: VideoModel, array: MediaArrayName): string {
	return model.family === 'alt' && array !== 'videoUrls' ? INVALID[array] : CODES.ASSET_NOT_FOUND;
}

export function checkVideoReferenceForms(model: VideoModel, plan: VideoPlan): Failure | undefined {
	const uploadHint = `${model.id} takes only files uploaded with POST /assets/upload?model=${model.id}: send the https url it returns`;
	for (const array of ARRAYS) {
		const ctx = { path: `inputs.${array}`, assetRefusedCode: INVALID[array], uploadHint };
		const failure = checkReferenceForms(plan[array], limitsOf(model, array), ctx);
		if (failure) return failure;
	}
	return undefined;
}

export function checkVideoFacts(model: VideoModel, plan: VideoPlan, media: MediaFacts): Failure | undefined {
	for (const array of ARRAYS) {
		const failure = checkEntries(model, plan, media, array);
		if (failure) return failure;
	}
	return checkTotals(model, plan, media);
}

function checkEntries(model: VideoModel, plan: VideoPlan, media: MediaFacts, array: MediaArrayName): Failure | undefined {
	const facts = media[array];
	const base: Omit<FactContext, 'path'> = {
		kind: KIND[array],
		limits: limitsOf(model, array),
		notFoundCode: notFoundCode(model, array),
		invalidCode: INVALID[array],
		durationCode: DURATION[array],
		owner: model.id,
	};
	for (let i = 0; i < plan[array].length; i++) {
		const fact = facts?.[i];
		if (!fact) continue;
		const ctx = { ...base, path: `inputs.${array}[${i}]`, ...editSource(model, plan, array, i) };
		const failure = checkMediaFact(fact, ctx);
		if (failure) return failure;
	}
	return undefined;
}

/** sd2.5 edit: the first video is the source and must itself be 4-30 s. */
function editSource(model: VideoModel, plan: VideoPlan, array: MediaArrayName, index: number): Partial<FactContext> {
	const seconds = model.references.editSourceSeconds;
	if (!seconds || plan.mode !== 'edit' || array !== 'videoUrls' || index !== 0) return {};
	return { seconds, durationCode: CODES.EDIT_SOURCE_DURATION_INVALID };
}

/** Per-kind totals, then reference video plus output seconds (alt: at most 30 s together). */
function checkTotals(model: VideoModel, plan: VideoPlan, media: MediaFacts): Failure | undefined {
	const refs = model.references;
	const videoSeconds = knownSeconds(media.videoUrls, plan.videoUrls.length);
	const audioSeconds = knownSeconds(media.audioUrls, plan.audioUrls.length);
	const totals =
		overTotal(model, 'videoUrls', videoSeconds, refs.videos.maxTotalSeconds) ??
		overTotal(model, 'audioUrls', audioSeconds, refs.audios.maxTotalSeconds);
	if (totals) return totals;
	const out = plan.seconds;
	const max = refs.maxInputPlusOutputSeconds;
	if (max === undefined || out === null || out < 0 || videoSeconds + out <= max) return undefined;
	const sum = `reference videos (${round(videoSeconds)} s) plus output (${out} s) make ${round(videoSeconds + out)} s`;
	const message = `${sum}: keep them at most ${max} s together on ${model.id} (shorten duration or the videos)`;
	return fail(CODES.REFERENCE_VIDEO_DURATION_INVALID, message, 'inputs.videoUrls');
}

function overTotal(model: VideoModel, array: 'videoUrls' | 'audioUrls', total: number, max?: number): Failure | undefined {
	if (max === undefined || total <= max) return undefined;
	const message = `${array} add up to ${round(total)} s: keep them at most ${max} s in total for ${model.id}`;
	return fail(DURATION[array] as string, message, `inputs.${array}`);
}

/** Seconds for messages, without float noise. */
const round = (seconds: number): number => Math.round(seconds * 100) / 100;
