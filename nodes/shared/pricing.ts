/**
 * Credit estimates from the catalog's price data, following the spec's billing rules:
 * - video: out = output seconds; in = sum of input-video seconds, each rounded up, and on the sd
 *   family at least ceil(out x 2/3). Without input video: (perSecond + upscale) x out; with input
 *   video: perSecondWithVideo x (out + in) + upscale x out (the alt family has no upscale and no
 *   minimum for in). The deprecated upscaleResolution wins over outputResolution; sd2.5 edit bills
 *   the source (first video) seconds as out and all videos as in; a draft bills at the draft tier,
 *   a final at the final tier with its draft's inputs.
 * - images: the charged (discounted) price of the model/quality/resolution cell, defaults applied.
 * - standalone upscaling: rate x source seconds rounded up, at least 5 s.
 * Rounding the spec leaves open (sd2-mini 7.5 x (out + in) with an odd sum): rounded up, so an
 * estimate never promises less than the service may charge.
 */
import { UPSCALE, getImageModel, getVideoModel, type ImageModel, type VideoModel } from './catalog';
import type { CreateTaskRequest, MediaFacts } from './rules';
import { planVideo, type VideoPlan } from './rules/videoPlan';

/** Inputs of a draft, needed to price its final render. */
export interface DraftOfFinal {
	request: CreateTaskRequest;
	media?: MediaFacts;
}

/**
 * Credits a createTask request will cost, or null when that cannot be known: unknown model or
 * tier, automatic duration (-1), an sd2.5 edit whose source length is unknown, or a final
 * (draftSourceOrderId) without its `draft`. When the seconds of an input video are unknown, the
 * clip counts at the model's minimum clip length (sd2.5 2 s, otherwise 1 s) before the sd minimum
 * for in applies, so the estimate is then a lower bound.
 */
export function estimateCredits(request: CreateTaskRequest, media?: MediaFacts, draft?: DraftOfFinal): number | null {
	if (typeof request !== 'object' || request === null) return null;
	const inputs = request.inputs ?? {};
	const video = getVideoModel(request.model);
	if (video) return videoCredits(video, inputs, media, draft);
	const image = getImageModel(request.model);
	return image ? imageCredits(image, inputs) : null;
}

export function estimateUpscaleCredits(targetResolution: string, sourceSeconds: number): number {
	const target = UPSCALE.targets.find((t) => t.value === targetResolution);
	if (!target) throw new RangeError(`Unknown upscale target '${targetResolution}'`);
	if (!Number.isFinite(sourceSeconds) || sourceSeconds < 0) throw new RangeError(`Invalid source seconds ${sourceSeconds}`);
	return target.creditsPerSecond * Math.max(UPSCALE.minBilledSeconds, Math.ceil(sourceSeconds));
}

function videoCredits(
	model: VideoModel,
	inputs: Record<string, unknown>,
	media: MediaFacts | undefined,
	draft: DraftOfFinal | undefined,
): number | null {
	const draftSpec = model.params.draft;
	if (draftSpec && inputs.draftSourceOrderId !== undefined) {
		// The final re-renders its draft (its input videos billed again), at the final tier.
		if (!draft || getVideoModel(draft.request.model) !== model) return null;
		return bill(model, planVideo(model, draft.request.inputs ?? {}), draft.media, draftSpec.finalTier);
	}
	const plan = planVideo(model, inputs);
	return bill(model, plan, media, plan.draft && draftSpec ? draftSpec.tier : plan.tier);
}

function bill(model: VideoModel, plan: VideoPlan, media: MediaFacts | undefined, tier: unknown): number | null {
	const known = model.outputResolutions.find((r) => r.value === tier);
	const rate = known && model.pricing.tiers[known.value];
	const out = outputSeconds(model, plan, media);
	if (!rate || out === null) return null;
	if (plan.videoUrls.length === 0) return roundUp((rate.perSecond + rate.upscalePerSecond) * out);
	const input = inputSeconds(model, plan, media, out);
	return roundUp(rate.perSecondWithVideo * (out + input) + rate.upscalePerSecond * out);
}

function outputSeconds(model: VideoModel, plan: VideoPlan, media: MediaFacts | undefined): number | null {
	if (plan.mode === 'edit' && model.references.editSourceSeconds) {
		const source = media?.videoUrls?.[0]?.seconds;
		return source === undefined ? null : Math.ceil(source);
	}
	return plan.seconds === null || plan.seconds <= 0 ? null : Math.ceil(plan.seconds);
}

function inputSeconds(model: VideoModel, plan: VideoPlan, media: MediaFacts | undefined, out: number): number {
	const minClip = Math.max(1, model.references.videos.seconds?.min ?? 0);
	let total = 0;
	for (let i = 0; i < plan.videoUrls.length; i++) {
		const seconds = media?.videoUrls?.[i]?.seconds;
		total += seconds === undefined ? minClip : Math.ceil(seconds);
	}
	const floor = model.pricing.inputFloor;
	return floor ? Math.max(total, Math.ceil((out * floor.numerator) / floor.denominator)) : total;
}

function imageCredits(model: ImageModel, inputs: Record<string, unknown>): number | null {
	const quality = model.quality ? (inputs.quality ?? model.quality.default) : undefined;
	const resolution = inputs.resolution ?? model.resolution.default;
	return model.prices.find((p) => p.quality === quality && p.resolution === resolution)?.charged ?? null;
}

/** Up, ignoring float noise far below a credit (rates are multiples of 0.5). */
function roundUp(credits: number): number {
	return Math.ceil(credits - 1e-9);
}
