/**
 * Validation of requests to both services, derived from the catalog. Each function returns
 * { ok: true } or { ok: false, code, message, path? }: the spec's own codes where it names one
 * (see codes.ts for every code and the ones we chose), a message that says what to change, and
 * the path of the offending field ('inputs.duration', 'inputs.videoUrls[1]').
 *
 * Syntax-level rules (fields, counts, durations, modes, enums, reference forms) need only the
 * request; fact-level rules (seconds, sizes, formats, found/owned) run only for the facts given
 * in `media`, by index of inputs.urls / videoUrls / audioUrls.
 */
export type { MediaKind, MediaFact, MediaFacts, CreateTaskRequest, ValidationResult } from './types';
export { CODES, type Code } from './codes';
export { validateRequest } from './request';
export { validateUpscaleCreate, validateUpscaleSource, type UpscaleSource } from './upscale';
export { isPrivateOrInsecureUrl } from './urls';
export { validateAssetUpload, type AssetUpload } from './assets';
export { validateCompatTask } from './compatTask';
export { validateCompatAsset, validateCompatAssetBatch } from './compatAsset';
