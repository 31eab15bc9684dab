/**
 * The catalog: every model fact of the Unified Generation API and the Task-Compatible Video
 * Generation API, as plain data (one source of truth for the node fields, the rules, pricing and
 * the emulator). Nothing here does I/O or validation.
 *
 * Shape in brief:
 * - VIDEO_MODELS / getVideoModel(id): VideoModel (models.ts: the one list; registerVideoModel adds one)
 *     { id, family (VIDEO_FAMILIES[family]: what the family does differently), name, description,
 *       modes: ['textToVideo','firstFrame','keyframes','reference','edit','extend', ('draft','final' sd2.5)],
 *       inputs: every `inputs` field name the model accepts (show a UI field only if listed),
 *       modeOptions / videoInputModes: Choice[] for `mode` / `videoInputMode`,
 *       duration: { range: {min,max}, default, wholeSeconds, smart (-1 accepted), ignoredIn },
 *       outputResolutions: Choice & { native }[], defaultOutputResolution,
 *       aspect: { input: 'resolution' (sd presets) | 'ratio' (alt), options, default, automatic,
 *                 fixedRequiredIn, automaticOnlyIn, ignoredIn },
 *       references: { images, videos, audios: MediaLimits, maxFiles?, audioAlone,
 *                     maxInputPlusOutputSeconds?, editSourceSeconds?, modes: per mode the
 *                     {min,max} count of urls/videoUrls/audioUrls and the videoInputMode it needs },
 *       params: { prompt {maxLength, requiredIn}, seed {min,max,random?}, generateAudio {default},
 *                 bitrateMode?, promptExtend?, upscaleResolution 'deprecated'|'unsupported',
 *                 sourceFrameTimestampsIn, draft? {tier, finalTier, modes, lifetimeDays} },
 *       pricing: { tiers: per OutputTier {perSecond, perSecondWithVideo, upscalePerSecond},
 *                  inputFloor? {numerator, denominator} } }
 * - IMAGE_MODELS / getImageModel(id): ImageModel
 *     { id, family, name, description, inputs, maxResolution, quality?, resolution, aspectRatio,
 *       outputFormat? (each an EnumSpec {options: Choice[], default}; absent = the model has no such
 *       field), inputImages: MediaLimits, prices: {quality?, resolution, charged, list}[] }
 * - MediaLimits: { max, accepts: ('https'|'http'|'asset')[], formats?, maxBytes?, seconds?,
 *       maxTotalSeconds?, side?, shortSide?, maxAspectRatio?, noTransparency? } (absent = not stated)
 * - COMPAT (task-compatible API), UPSCALE (standalone upscaling), ASSETS (uploads), TASK,
 *   RELATIONS, DRAFT_LIFETIME_DAYS (service-wide facts).
 * Choice is { value, name, description? }: map it straight to an n8n option.
 */
import type { Choice } from './types';

export * from './types';
export * from './video-types';
export * from './image';
export * from './models';
export * from './compat';
export * from './upscale';
export * from './assets';
export * from './service';
export { MB } from './units';
export { GENERATION_MODE_NAMES } from './video-shared';

/** The values of a choice list (or of an EnumSpec's options). */
export function optionValues(spec: readonly Choice[] | { options: readonly Choice[] }): string[] {
	return ('options' in spec ? spec.options : spec).map((o) => o.value);
}
