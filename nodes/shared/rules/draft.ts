/** sd2.5 draft (480P preview) and final (1080P render of a draft) rules. */
import { GENERATION_MODE_NAMES, type VideoModel } from '../catalog';
import { CODES } from './codes';
import { fail, oneOf, type Failure } from './result';
import { videoFieldRules } from './video-fields';
import type { VideoPlan } from './video-plan';

/** Tier fields a draft may not carry, even set to its own 480p. */
const DRAFT_FIXED_FIELDS = ['outputResolution', 'upscaleResolution'] as const;

export function checkDraft(
	model: VideoModel,
	plan: VideoPlan,
	inputs: Record<string, unknown>,
): Failure | undefined {
	const draft = model.params.draft;
	if (!plan.draft || !draft) return undefined;
	const field = DRAFT_FIXED_FIELDS.find((name) => inputs[name] !== undefined);
	if (field) {
		const message = `a draft always renders at native ${draft.tier.toUpperCase()}: remove ${field}`;
		return fail(CODES.DRAFT_OPTION_NOT_ALLOWED, message, `inputs.${field}`);
	}
	if (!draft.modes.includes(plan.mode)) {
		const allowed = oneOf(draft.modes.map((m) => GENERATION_MODE_NAMES[m]));
		const message = `drafts support ${allowed}, not ${GENERATION_MODE_NAMES[plan.mode]}: remove draft or mode`;
		return fail(CODES.DRAFT_OPTION_NOT_ALLOWED, message, 'inputs.mode');
	}
	return undefined;
}

/**
 * A final reuses everything of its draft; the service ignores its other inputs, so only the
 * order id itself is checked (the draft's existence, age and owner are the service's to judge).
 */
export function checkFinal(
	model: VideoModel,
	inputs: Record<string, unknown>,
): Failure | undefined {
	const rule = videoFieldRules(model).draftSourceOrderId;
	const value = inputs.draftSourceOrderId;
	return rule.schema.safeParse(value).success
		? undefined
		: fail(rule.code, rule.explain(value), 'inputs.draftSourceOrderId');
}
