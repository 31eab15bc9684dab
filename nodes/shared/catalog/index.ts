/**
 * The catalog: every model fact of both spec files, as plain data (one source of truth for the
 * node fields, the rules, pricing and the emulator). Nothing here does I/O or validation.
 *
 * Shape in brief:
 * - VIDEO_MODELS / getVideoModel(id): VideoModel
 *     { id, family: 'sd'|'alt', name, description,
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
import { IMAGE_MODELS, type ImageModel, type ImageModelId } from './image';
import { ALT_VIDEO_MODELS } from './videoAlt';
import { SD_VIDEO_MODELS } from './videoSd';
import type { Choice } from './types';
import type { VideoModel, VideoModelId } from './videoTypes';

export * from './types';
export * from './videoTypes';
export * from './image';
export * from './compat';
export * from './upscale';
export * from './assets';
export * from './service';
export { MB } from './units';
export { GENERATION_MODE_NAMES } from './videoShared';

export const VIDEO_MODELS: readonly VideoModel[] = [...SD_VIDEO_MODELS, ...ALT_VIDEO_MODELS];

export const VIDEO_MODEL_IDS: readonly VideoModelId[] = VIDEO_MODELS.map((m) => m.id);
export const IMAGE_MODEL_IDS: readonly ImageModelId[] = IMAGE_MODELS.map((m) => m.id);

export function getVideoModel(id: unknown): VideoModel | undefined {
	return VIDEO_MODELS.find((m) => m.id === id);
}

export function getImageModel(id: unknown): ImageModel | undefined {
	return IMAGE_MODELS.find((m) => m.id === id);
}

/** The values of a choice list (or of an EnumSpec's options). */
export function optionValues(spec: readonly Choice[] | { options: readonly Choice[] }): string[] {
	return ('options' in spec ? spec.options : spec).map((o) => o.value);
}

export function isVideoModelId(id: unknown): id is VideoModelId {
	return getVideoModel(id) !== undefined;
}

export function isImageModelId(id: unknown): id is ImageModelId {
	return getImageModel(id) !== undefined;
}
