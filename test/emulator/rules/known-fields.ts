/**
 * The emulated services' own strictness, on top of the package's rules: a service knows its
 * fields and models, so the emulator refuses a field no table lists (a typo such as `callbackUrl`)
 * with INVALID_PARAMETER, and a compat model id it does not serve with UNSUPPORTED_MODEL. The
 * package lets both through ("refuse only what the spec forbids"): the real service decides.
 */
import {
	COMPAT,
	getImageModel,
	getVideoModel,
	optionValues,
} from '../../../nodes/shared/catalog/index';
import { CODES } from '../../../nodes/shared/rules/index';
import { fail, joinPath, oneOf, shown, type Failure } from '../../../nodes/shared/rules/result';

/** Body fields of the spec's tables. */
const CREATE_TASK_FIELDS = ['model', 'inputs', 'callBackUrl'];
const UPSCALE_FIELDS = ['source', 'targetResolution', 'callBackUrl'];
const UPSCALE_SOURCE_FIELDS = ['type', 'url', 'storageUrl'];

type Body = Record<string, unknown>;

/** The first key of `values` that `accepted` does not list. */
function unknownField(
	values: Body,
	accepted: readonly string[],
	owner: string,
	at = '',
): Failure | undefined {
	const extra = Object.keys(values).find((key) => !accepted.includes(key));
	if (extra === undefined) return undefined;
	const message = `${extra} is not accepted by ${owner}: remove it (accepted: ${oneOf(accepted)})`;
	return fail(CODES.INVALID_PARAMETER, message, joinPath(at, [extra]));
}

/** A createTask body the package accepted: its envelope, then the inputs (a final's are ignored). */
export function checkCreateTaskFields(body: Body): Failure | undefined {
	const envelope = unknownField(body, CREATE_TASK_FIELDS, 'the request');
	if (envelope) return envelope;
	const inputs = body.inputs as Body;
	const model = getVideoModel(body.model) ?? getImageModel(body.model);
	const final = getVideoModel(body.model)?.params.draft && inputs.draftSourceOrderId !== undefined;
	return model && !final ? unknownField(inputs, model.inputs, model.id, 'inputs.') : undefined;
}

/** An upscale body the package accepted: the source's fields, then the body's. */
export function checkUpscaleFields(body: Body): Failure | undefined {
	const source = body.source as Body;
	const extra = Object.keys(source).find((key) => !UPSCALE_SOURCE_FIELDS.includes(key));
	if (extra !== undefined) {
		const message = `source ${shown(source)} is invalid: send {type: 'url', url: 'https://...'}`;
		return fail(CODES.INVALID_PARAMETER, message, `source.${extra}`);
	}
	return unknownField(body, UPSCALE_FIELDS, 'an upscale request');
}

const COMPAT_MODELS = optionValues(COMPAT.models);

/** The emulated compat service serves the spec's two model ids (the spec shows no code: ours). */
export function checkCompatModel(body: Body): Failure | undefined {
	if (COMPAT_MODELS.includes(String(body.model))) return undefined;
	const message = `model ${shown(body.model)} is not a model of the compatible API: choose ${oneOf(COMPAT_MODELS)}`;
	return fail(CODES.UNSUPPORTED_MODEL, message, 'model');
}
