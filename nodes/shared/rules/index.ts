/**
 * Validation of requests to both services, derived from the catalog. Each function returns
 * { ok: true } or { ok: false, code, message, path? }: the API documentation's own codes where it
 * names one (see codes.ts for every code and the ones we chose), a message that says what to change, and
 * the path of the offending field ('inputs.duration', 'inputs.videoUrls[1]').
 *
 * validateRequest needs only the request (fields, counts, durations, modes, enums, reference forms)
 * and refuses only what the API documentation forbids: fields it does not list pass.
 * validateRequestFacts and validateUpscaleSource judge the facts of the referenced files (seconds,
 * sizes, formats, pixels) where they are known: the package knows some before sending (binary data,
 * asset records, file headers), the service (and the emulator) knows them all.
 */
export type {
	MediaFact,
	MediaFacts,
	MediaKind,
	CreateTaskRequest,
	Refusal,
	ValidationResult,
} from './types';
export { CODES } from './codes';
export { validateRequest } from './request';
export { validateRequestFacts } from './request-facts';
export { validateUpscaleSource, type UpscaleSource } from './upscale-source';
export { validateUpscaleCreate } from './upscale';
export { isPrivateOrInsecureUrl } from './urls';
export { validateAssetUpload, type AssetUpload } from './assets';
export { validateCompatTask, withoutNullOptions } from './compat-task';
export { validateCompatAsset, validateCompatAssetBatch } from './compat-asset';
