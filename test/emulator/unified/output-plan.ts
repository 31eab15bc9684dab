import { getImageModel, getVideoModel } from '../../../nodes/shared/catalog/index';
import type { ImageModel, VideoModel } from '../../../nodes/shared/catalog/index';
import type { CreateTaskRequest } from '../../../nodes/shared/rules/index';
import { planVideo } from '../../../nodes/shared/rules/video-plan';
import type { VideoPlan } from '../../../nodes/shared/rules/video-plan';
import { aspectOf, imageSize, videoSize } from '../output-size';
import type { MediaFact, MediaFacts } from '../rules/index';
import type { OutputPlan } from '../store';

/** When nothing tells the aspect (automatic value, media of unknown size), landscape 16:9. */
const FALLBACK_ASPECT = 16 / 9;

type Inputs = Record<string, unknown>;

const factAspect = (fact: MediaFact | undefined) =>
	fact?.width && fact.height ? fact.width / fact.height : undefined;

function videoAspect(
	model: VideoModel,
	plan: VideoPlan,
	inputs: Inputs,
	media: MediaFacts,
): number {
	const source = factAspect(media.videoUrls?.[0]);
	if (plan.mode === 'edit' || plan.mode === 'extend') return source ?? FALLBACK_ASPECT;
	const fromMedia = factAspect(media.urls?.[0]) ?? source;
	if (model.aspect.ignoredIn.includes(plan.mode)) return fromMedia ?? FALLBACK_ASPECT;
	const value = inputs[model.aspect.input] ?? model.aspect.default;
	if (model.aspect.automatic.includes(value as string)) return fromMedia ?? FALLBACK_ASPECT;
	return aspectOf(value) ?? FALLBACK_ASPECT;
}

/** Output seconds: the source's where the model ignores `duration` (sd2.5 edit); -1 (model's choice) gives the default. */
function seconds(model: VideoModel, plan: VideoPlan, media: MediaFacts): number {
	if (model.duration.ignoredIn.includes(plan.mode))
		return media.videoUrls?.[0]?.seconds ?? model.duration.default;
	return plan.seconds !== null && plan.seconds > 0 ? plan.seconds : model.duration.default;
}

/** Read with the rules' own planVideo, so mode, tier and seconds mean what validation and pricing mean. */
function videoPlan(model: VideoModel, inputs: Inputs, media: MediaFacts): OutputPlan {
	const plan = planVideo(model, inputs);
	const tier = String((plan.draft ? model.params.draft?.tier : undefined) ?? plan.tier);
	const size = videoSize(tier, videoAspect(model, plan, inputs, media));
	// Unified Generation API: every video model has Audio (capability table); generateAudio defaults
	// to true, false gives silent output.
	const audio = inputs.generateAudio !== false;
	return { kind: 'video', format: 'mp4', ...size, seconds: seconds(model, plan, media), audio };
}

function imagePlan(model: ImageModel, inputs: Inputs): OutputPlan {
	const resolution = String(inputs.resolution ?? model.resolution.default);
	const aspect = aspectOf(inputs.aspectRatio ?? model.aspectRatio.default) ?? 1;
	// Only gen-image-* has outputFormat; the others deliver PNG (the spec does not say).
	const format = model.outputFormat
		? String(inputs.outputFormat ?? model.outputFormat.default)
		: 'png';
	return { kind: 'image', format, ...imageSize(resolution, aspect) };
}

/** What a (validated) request produces; a final passes its draft's inputs at the final tier. */
export function outputPlan(request: CreateTaskRequest, media: MediaFacts): OutputPlan {
	const image = getImageModel(request.model);
	if (image) return imagePlan(image, request.inputs);
	return videoPlan(getVideoModel(request.model) as VideoModel, request.inputs, media);
}
