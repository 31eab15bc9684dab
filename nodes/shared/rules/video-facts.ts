/** Video requests: the facts the service knows about each referenced file, then the totals. */
import { videoFamilyOf, type MediaArrayName, type VideoModel } from '../catalog';
import { CODES } from './codes';
import { checkListFacts, knownSeconds, type FactContext } from './media-fact';
import { fail, type Failure } from './result';
import type { VideoPlan } from './video-plan';
import { INVALID_REFERENCE, MEDIA_ARRAYS, referenceLimits } from './video-references';
import type { MediaFacts, MediaKind } from './types';

const KIND: Record<MediaArrayName, MediaKind> = {
	urls: 'image',
	videoUrls: 'video',
	audioUrls: 'audio',
};
const DURATION: Partial<Record<MediaArrayName, string>> = {
	videoUrls: CODES.REFERENCE_VIDEO_DURATION_INVALID,
	audioUrls: CODES.REFERENCE_AUDIO_DURATION_INVALID,
};

/**
 * Unresolved or foreign entries: Unified Generation API, § Pre-submission validation names
 * ASSET_NOT_FOUND for videoUrls (both families) and REFERENCE_IMAGE/AUDIO_INVALID ("missing, not
 * owned") for alt images and audio; sd asset:// images and audio that do not resolve get
 * ASSET_NOT_FOUND like videos (the family's missingReferenceInvalid).
 */
function notFoundCode(model: VideoModel, array: MediaArrayName): string {
	return videoFamilyOf(model).missingReferenceInvalid && array !== 'videoUrls'
		? INVALID_REFERENCE[array]
		: CODES.ASSET_NOT_FOUND;
}

export function checkVideoFacts(
	model: VideoModel,
	plan: VideoPlan,
	media: MediaFacts,
): Failure | undefined {
	for (const array of MEDIA_ARRAYS) {
		const failure = checkEntries(model, plan, media, array);
		if (failure) return failure;
	}
	return checkTotals(model, plan, media);
}

function checkEntries(
	model: VideoModel,
	plan: VideoPlan,
	media: MediaFacts,
	array: MediaArrayName,
): Failure | undefined {
	const base: Omit<FactContext, 'path'> = {
		kind: KIND[array],
		limits: referenceLimits(model, array),
		notFoundCode: notFoundCode(model, array),
		invalidCode: INVALID_REFERENCE[array],
		durationCode: DURATION[array],
		owner: model.id,
	};
	return checkListFacts(plan[array].length, media[array], base, `inputs.${array}`, (i) =>
		editSource(model, plan, array, i),
	);
}

/** sd2.5 edit: the first video is the source and must itself be 4-30 s. */
function editSource(
	model: VideoModel,
	plan: VideoPlan,
	array: MediaArrayName,
	index: number,
): Partial<FactContext> {
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

function overTotal(
	model: VideoModel,
	array: 'videoUrls' | 'audioUrls',
	total: number,
	max?: number,
): Failure | undefined {
	if (max === undefined || total <= max) return undefined;
	const message = `${array} add up to ${round(total)} s: keep them at most ${max} s in total for ${model.id}`;
	return fail(DURATION[array] as string, message, `inputs.${array}`);
}

/** Seconds for messages, without float noise. */
const round = (seconds: number): number => Math.round(seconds * 100) / 100;
