/**
 * Validation of requests to both services, derived from the catalog. Each function returns
 * { ok: true } or { ok: false, code, message, path? }: the spec's own codes where it names one
 * (see codes.ts for every code and the ones we chose), a message that says what to change, and
 * the path of the offending field ('inputs.duration', 'inputs.videoUrls[1]').
 *
 * The rules need only the request (fields, counts, durations, modes, enums, reference forms) and
 * refuse only what the spec forbids: fields it does not list pass. What the referenced files are
 * (found, owned, seconds, sizes, formats) is the service's to judge; the emulator does that with
 * its own fact rules (test/emulator/rules), on top of these.
 */
export type { MediaFact, MediaFacts, CreateTaskRequest, ValidationResult } from './types';
export { CODES, type Code } from './codes';
export { validateRequest } from './request';
export { validateUpscaleCreate } from './upscale';
export { isPrivateOrInsecureUrl } from './urls';
export { validateAssetUpload, type AssetUpload } from './assets';
export { validateCompatTask } from './compatTask';
export { validateCompatAsset, validateCompatAssetBatch } from './compatAsset';
