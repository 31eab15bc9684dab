import { binaryNames, binaryPlaceholder } from '../../../shared/assets/binary-placeholders';
import { IMAGE_PARAMETER as P } from './names';
import { toList } from '../../../shared/fields/lists';
import type { CreateTaskRequest } from '../../../shared/rules';
import { isRecord } from '../../../shared/rules/fields';
import type { Checked } from '../../../shared/create/checked';
import { variantCount } from './parameters';
import type { ImageParameters } from './parameters';

/** The model's settings, sent as shown; a model that does not have one has no such field. */
const SETTINGS = [P.quality, P.resolution, P.aspectRatio, P.outputFormat] as const;

const isBlank = (value: unknown) =>
	value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The createTask bodies of one item: Unified Generation API, § Image generation inputs makes one
 * image per task, so N variants are N equal requests (each its own task and charge). What the
 * request cannot express was refused before (checkImageParameters: hence Checked).
 */
export function buildImageRequests(parameters: Checked<ImageParameters>): CreateTaskRequest[] {
	const request = buildImageRequest(parameters);
	return Array.from({ length: variantCount(parameters.imagesPerItem) }, () => ({ ...request }));
}

/** Binary fields come first, as https placeholders the rules count (replaced after upload: create/binary-media.ts). */
function binaries(parameters: ImageParameters): string[] {
	return binaryNames(parameters.imageBinaries).map((name) =>
		binaryPlaceholder(String(parameters.model), name),
	);
}

/**
 * Turns the fields into the body of POST /jobs/createTask. It only translates: a value of the wrong
 * type or not offered by the model is sent on for the rules to refuse with the service's own code.
 * `urls` (present only in Image to Image) is what switches the service to editing.
 */
function buildImageRequest(parameters: ImageParameters): CreateTaskRequest {
	const settings = SETTINGS.filter((name) => !isBlank(parameters[name])).map((name) => [
		name,
		parameters[name],
	]);
	const inputs = {
		...(isBlank(parameters.prompt) ? {} : { prompt: parameters.prompt }),
		...(parameters.generationMode === 'imageToImage'
			? { urls: [...binaries(parameters), ...toList(parameters.urls)] }
			: {}),
		...Object.fromEntries(settings),
	};
	const options = isRecord(parameters.additionalOptions) ? parameters.additionalOptions : {};
	const callBackUrl =
		typeof options.callBackUrl === 'string' ? options.callBackUrl.trim() : options.callBackUrl;
	return {
		model: String(parameters.model),
		inputs,
		...(isBlank(callBackUrl) ? {} : { callBackUrl: callBackUrl as string }),
	};
}
