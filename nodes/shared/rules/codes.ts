/**
 * Every error code string, defined once.
 *
 * Codes of the Unified Generation API, with the meaning it gives them (§ Pre-submission
 * validation, § Upscale task error codes):
 *   EMPTY_CONTENT, AUDIO_ONLY_NOT_SUPPORTED, UNSUPPORTED_MODEL, UNSUPPORTED_RESOLUTION,
 *   DURATION_OUT_OF_RANGE, INVALID_MEDIA_COMBINATION, EDIT_SOURCE_VIDEO_REQUIRED,
 *   EXTEND_SOURCE_VIDEO_REQUIRED, EDIT_SOURCE_DURATION_INVALID, TOO_MANY_REFERENCES,
 *   REFERENCE_VIDEO_DURATION_INVALID, REFERENCE_AUDIO_DURATION_INVALID, REFERENCE_IMAGE_INVALID,
 *   REFERENCE_VIDEO_INVALID, REFERENCE_AUDIO_INVALID, ASSET_NOT_FOUND, EXTERNAL_URL, READ_FAILED;
 *   upscale: INVALID_URL, UNSUPPORTED_MEDIA_TYPE, FILE_TOO_LARGE, DURATION_EXCEEDS_LIMIT,
 *   SOURCE_RESOLUTION_TOO_HIGH. Where it names a code for one family only, we use it for the
 *   same fault on the other family too (e.g. REFERENCE_IMAGE_INVALID for an asset:// image on alt).
 *   The codes about the referenced files themselves (*_DURATION_INVALID of a clip and of totals,
 *   REFERENCE_*_INVALID of a file's size, format, pixels or transparency, and the upscale source's
 *   UNSUPPORTED_MEDIA_TYPE, FILE_TOO_LARGE, DURATION_EXCEEDS_LIMIT, SOURCE_RESOLUTION_TOO_HIGH) are
 *   given by the fact rules wherever the package knows the fact before sending (binary data,
 *   asset records, file headers); the service judges the rest, and alone says ASSET_NOT_FOUND and
 *   READ_FAILED.
 *
 * Codes of our own, for faults the API documentation describes without a code:
 *   INVALID_PARAMETER         a field has the wrong type or an unknown value (seed, booleans, mode,
 *                             videoInputMode, bitrateMode, timestamps, compat item type/role, tools,
 *                             upscale source.type), a required body field is missing, or
 *                             source_frame_timestamps_ms on a model other than sd2.5. Fields the
 *                             documentation does not list pass (the emulator refuses them with
 *                             this code).
 *   INVALID_URL (API code,    also used outside upscaling: a URL that is malformed or has a scheme
 *     wider use)              the field does not take (image-model urls and alt media must be
 *                             https; callBackUrl must be http(s)).
 *   PROMPT_REQUIRED           no prompt where one is required (image models; video edit/extend).
 *   PROMPT_TOO_LONG           video prompt over 20000 characters.
 *   UNSUPPORTED_ASPECT_RATIO  sd `resolution` preset, alt `ratio`, image `aspectRatio` or compat
 *                             `ratio` not offered; sd multi-reference with `auto`; a fixed ratio
 *                             on alt edit/extend (automatic only).
 *   UNSUPPORTED_QUALITY       image `quality` not offered by the model (or the model has none).
 *   UNSUPPORTED_OUTPUT_FORMAT image `outputFormat` not offered (or the model has none).
 *   DRAFT_OPTION_NOT_ALLOWED  `draft`/`draftSourceOrderId` on a model other than sd2.5; a draft
 *                             with outputResolution/upscaleResolution (even 480p) or with edit/extend.
 *   NAME_TOO_LONG             asset name over 64 characters.
 *   UNSUPPORTED_FILE_TYPE     asset type other than IMAGE/VIDEO/AUDIO, or a format that type does
 *                             not allow.
 *   FILE_TOO_LARGE (API code, wider use) an asset over its type's cap or over 50 MB.
 *   UNSUPPORTED_MODEL (API code, wider use) a compat body without a model id.
 *   BATCH_TOO_LARGE           compat batch asset upload with more than 50 entries.
 *   EMPTY_FILE                a file from binary data has 0 bytes (nothing is uploaded).
 *   FILE_TYPE_MISMATCH        a file from binary data whose bytes are not the kind it claims: its
 *                             header is another kind of media, or it is text named as media.
 *
 * Codes only the services return (never produced by the rules; listed for error mapping):
 *   READ_TIMEOUT, URL_NOT_REACHABLE, INSUFFICIENT_CREDITS, ACCOUNT_FROZEN. Insufficient credits
 *   (HTTP 402) and the compat minimum balance are not validation.
 */
export const CODES = {
	EMPTY_CONTENT: 'EMPTY_CONTENT',
	AUDIO_ONLY_NOT_SUPPORTED: 'AUDIO_ONLY_NOT_SUPPORTED',
	UNSUPPORTED_MODEL: 'UNSUPPORTED_MODEL',
	UNSUPPORTED_RESOLUTION: 'UNSUPPORTED_RESOLUTION',
	DURATION_OUT_OF_RANGE: 'DURATION_OUT_OF_RANGE',
	INVALID_MEDIA_COMBINATION: 'INVALID_MEDIA_COMBINATION',
	EDIT_SOURCE_VIDEO_REQUIRED: 'EDIT_SOURCE_VIDEO_REQUIRED',
	EXTEND_SOURCE_VIDEO_REQUIRED: 'EXTEND_SOURCE_VIDEO_REQUIRED',
	EDIT_SOURCE_DURATION_INVALID: 'EDIT_SOURCE_DURATION_INVALID',
	TOO_MANY_REFERENCES: 'TOO_MANY_REFERENCES',
	REFERENCE_VIDEO_DURATION_INVALID: 'REFERENCE_VIDEO_DURATION_INVALID',
	REFERENCE_AUDIO_DURATION_INVALID: 'REFERENCE_AUDIO_DURATION_INVALID',
	REFERENCE_IMAGE_INVALID: 'REFERENCE_IMAGE_INVALID',
	REFERENCE_VIDEO_INVALID: 'REFERENCE_VIDEO_INVALID',
	REFERENCE_AUDIO_INVALID: 'REFERENCE_AUDIO_INVALID',
	ASSET_NOT_FOUND: 'ASSET_NOT_FOUND',
	EXTERNAL_URL: 'EXTERNAL_URL',
	READ_FAILED: 'READ_FAILED',
	INVALID_URL: 'INVALID_URL',
	UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
	FILE_TOO_LARGE: 'FILE_TOO_LARGE',
	DURATION_EXCEEDS_LIMIT: 'DURATION_EXCEEDS_LIMIT',
	SOURCE_RESOLUTION_TOO_HIGH: 'SOURCE_RESOLUTION_TOO_HIGH',
	INVALID_PARAMETER: 'INVALID_PARAMETER',
	PROMPT_REQUIRED: 'PROMPT_REQUIRED',
	PROMPT_TOO_LONG: 'PROMPT_TOO_LONG',
	UNSUPPORTED_ASPECT_RATIO: 'UNSUPPORTED_ASPECT_RATIO',
	UNSUPPORTED_QUALITY: 'UNSUPPORTED_QUALITY',
	UNSUPPORTED_OUTPUT_FORMAT: 'UNSUPPORTED_OUTPUT_FORMAT',
	DRAFT_OPTION_NOT_ALLOWED: 'DRAFT_OPTION_NOT_ALLOWED',
	NAME_TOO_LONG: 'NAME_TOO_LONG',
	UNSUPPORTED_FILE_TYPE: 'UNSUPPORTED_FILE_TYPE',
	BATCH_TOO_LARGE: 'BATCH_TOO_LARGE',
	EMPTY_FILE: 'EMPTY_FILE',
	FILE_TYPE_MISMATCH: 'FILE_TYPE_MISMATCH',
	READ_TIMEOUT: 'READ_TIMEOUT',
	URL_NOT_REACHABLE: 'URL_NOT_REACHABLE',
	INSUFFICIENT_CREDITS: 'INSUFFICIENT_CREDITS',
	ACCOUNT_FROZEN: 'ACCOUNT_FROZEN',
} as const;
