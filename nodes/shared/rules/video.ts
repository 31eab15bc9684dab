/** Validation of a video model's `inputs`, in the order a user would fix them. */
import type { VideoModel } from '../catalog';
import { checkDraft, checkFinal } from './draft';
import { checkFields } from './fields';
import type { Failure } from './result';
import { videoFieldRules } from './video-fields';
import { checkModeMedia, checkPrompt } from './video-mode';
import { checkAspect, checkDuration, checkTimestamps } from './video-options';
import { planVideo } from './video-plan';
import { checkVideoReferenceForms } from './video-references';

/**
 * Fields, content, mode, options, then the form of each media reference. A final
 * (draftSourceOrderId on a draft-capable model) is checked for its order id only: the service
 * ignores its other inputs, so they are not judged.
 */
export function validateVideoInputs(
	model: VideoModel,
	inputs: Record<string, unknown>,
): Failure | undefined {
	if (model.params.draft && inputs.draftSourceOrderId !== undefined)
		return checkFinal(model, inputs);
	const plan = planVideo(model, inputs);
	return (
		checkFields(inputs, videoFieldRules(model), 'inputs.') ??
		checkPrompt(model, plan, inputs) ??
		checkDraft(model, plan, inputs) ??
		checkModeMedia(model, plan, inputs) ??
		checkDuration(model, plan, inputs) ??
		checkAspect(model, plan, inputs) ??
		checkTimestamps(model, plan, inputs) ??
		checkVideoReferenceForms(model, plan)
	);
}
