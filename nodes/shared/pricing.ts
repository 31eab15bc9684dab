/**
 * Credit estimates from the catalog's price data, following the Unified Generation API,
 * § Credit costs:
 * - video: out = output seconds; in = sum of input-video seconds, each rounded up, and on the sd
 *   family at least ceil(out x 2/3). Without input video: (perSecond + upscale) x out; with input
 *   video: perSecondWithVideo x (out + in) + upscale x out (the alt family has no upscale and no
 *   minimum for in). The deprecated upscaleResolution wins over outputResolution; sd2.5 edit bills
 *   the source (first video) seconds as out and all videos as in; a draft bills at the draft tier,
 *   a final at the final tier with its draft's inputs.
 * - images: the charged (discounted) price of the model/quality/resolution cell, defaults applied.
 * - standalone upscaling: rate x source seconds rounded up, at least 5 s.
 * An estimate is exact or unknown, never a guess: a clip whose length is not known makes the price
 * unknown (with the reason), since the service bills the real length. Rounding that section leaves
 * open (sd2-mini 7.5 x (out + in) with an odd sum): rounded up, so an estimate never promises less
 * than the service may charge.
 */
import { UPSCALE, findModel, getVideoModel, type ImageModel, type VideoModel } from './catalog';
import type { CreateTaskRequest, MediaFacts } from './rules';
import { planVideo, type VideoPlan } from './rules/video-plan';

/** Credits a request will cost; or null, the reason, and the media entry whose length is missing. */
export type Price = { credits: number } | { credits: null; reason: string; path?: string };

/** Inputs of a draft, needed to price its final render. */
interface DraftOfFinal {
	request: CreateTaskRequest;
	media?: MediaFacts;
}

const unknown = (reason: string, path?: string): Price => ({
	credits: null,
	reason,
	...(path ? { path } : {}),
});

/**
 * What a createTask request will cost. Unknown: an unknown model or tier, automatic duration (-1),
 * an input video whose length is not in `media` (sd2.5 edit: its source), or a final
 * (draftSourceOrderId) without its draft's request.
 */
export function priceRequest(
	request: CreateTaskRequest,
	media?: MediaFacts,
	draft?: DraftOfFinal,
): Price {
	if (typeof request !== 'object' || request === null)
		return unknown('the request is not an object');
	const inputs = request.inputs ?? {};
	const found = findModel(request.model);
	if (found?.kind === 'video') return videoPrice(found.model, inputs, media, draft);
	return found
		? imagePrice(found.model, inputs)
		: unknown(`'${String(request.model)}' is not a model of the price table`);
}

/** priceRequest's credits alone (the emulator, which knows every fact, bills with it). */
export function estimateCredits(
	request: CreateTaskRequest,
	media?: MediaFacts,
	draft?: DraftOfFinal,
): number | null {
	return priceRequest(request, media, draft).credits;
}

/** Standalone upscaling: rate x source seconds rounded up, at least the billed minimum. */
export function estimateUpscaleCredits(targetResolution: string, sourceSeconds: number): number {
	const target = UPSCALE.targets.find((t) => t.value === targetResolution);
	if (!target) throw new RangeError(`Unknown upscale target '${targetResolution}'`);
	if (!Number.isFinite(sourceSeconds) || sourceSeconds < 0)
		throw new RangeError(`Invalid source seconds ${sourceSeconds}`);
	return target.creditsPerSecond * Math.max(UPSCALE.minBilledSeconds, Math.ceil(sourceSeconds));
}

/** An upscale's price once its source length is known; unknown (with why) otherwise. */
export function priceUpscale(
	targetResolution: string,
	sourceSeconds: number | undefined,
	why = 'the length of the source video is not known before sending',
): Price {
	if (!UPSCALE.targets.some((t) => t.value === targetResolution))
		return unknown(`'${targetResolution}' is not an upscale target`);
	if (sourceSeconds === undefined || !Number.isFinite(sourceSeconds) || sourceSeconds < 0)
		return unknown(why, 'source.url');
	return { credits: estimateUpscaleCredits(targetResolution, sourceSeconds) };
}

function videoPrice(
	model: VideoModel,
	inputs: Record<string, unknown>,
	media: MediaFacts | undefined,
	draft: DraftOfFinal | undefined,
): Price {
	const draftSpec = model.params.draft;
	if (draftSpec && inputs.draftSourceOrderId !== undefined) {
		// The final re-renders its draft (its input videos billed again), at the final tier.
		if (!draft || getVideoModel(draft.request.model) !== model) {
			return unknown('a final render is billed on its draft, whose inputs the node cannot read');
		}
		return bill(
			model,
			planVideo(model, draft.request.inputs ?? {}),
			draft.media,
			draftSpec.finalTier,
		);
	}
	const plan = planVideo(model, inputs);
	return bill(model, plan, media, plan.draft && draftSpec ? draftSpec.tier : plan.tier);
}

function bill(
	model: VideoModel,
	plan: VideoPlan,
	media: MediaFacts | undefined,
	tier: unknown,
): Price {
	const known = model.outputResolutions.find((r) => r.value === tier);
	const rate = known && model.pricing.tiers[known.value];
	if (!rate) return unknown(`${String(tier)} is not an output resolution of ${model.id}`);
	const out = outputSeconds(model, plan, media);
	if (typeof out !== 'number') return out;
	if (plan.videoUrls.length === 0)
		return { credits: roundUp((rate.perSecond + rate.upscalePerSecond) * out) };
	const input = inputSeconds(model, plan, media, out);
	if (typeof input !== 'number') return input;
	return {
		credits: roundUp(rate.perSecondWithVideo * (out + input) + rate.upscalePerSecond * out),
	};
}

function outputSeconds(
	model: VideoModel,
	plan: VideoPlan,
	media: MediaFacts | undefined,
): number | Price {
	if (plan.mode === 'edit' && model.references.editSourceSeconds) {
		const source = media?.videoUrls?.[0]?.seconds;
		if (source === undefined)
			return unknown(
				`an ${model.id} edit is billed on its source video, whose length is not known`,
				'inputs.videoUrls[0]',
			);
		return Math.ceil(source);
	}
	if (plan.seconds === null) return unknown('the duration is not a number of seconds');
	if (plan.seconds <= 0) return unknown('Automatic Length: the model chooses the duration');
	return Math.ceil(plan.seconds);
}

function inputSeconds(
	model: VideoModel,
	plan: VideoPlan,
	media: MediaFacts | undefined,
	out: number,
): number | Price {
	let total = 0;
	for (let i = 0; i < plan.videoUrls.length; i++) {
		const seconds = media?.videoUrls?.[i]?.seconds;
		const path = `inputs.videoUrls[${i}]`;
		if (seconds === undefined)
			return unknown(
				`input videos are billed by their length, and the length of ${path} is not known`,
				path,
			);
		total += Math.ceil(seconds);
	}
	const floor = model.pricing.inputFloor;
	return floor ? Math.max(total, Math.ceil((out * floor.numerator) / floor.denominator)) : total;
}

function imagePrice(model: ImageModel, inputs: Record<string, unknown>): Price {
	const quality = model.quality ? (inputs.quality ?? model.quality.default) : undefined;
	const resolution = inputs.resolution ?? model.resolution.default;
	const cell = model.prices.find((p) => p.quality === quality && p.resolution === resolution);
	return cell
		? { credits: cell.charged }
		: unknown(`${model.id} has no price for ${[quality, resolution].filter(Boolean).join(' ')}`);
}

/** Up, ignoring float noise far below a credit (rates are multiples of 0.5). */
function roundUp(credits: number): number {
	return Math.ceil(credits - 1e-9);
}
