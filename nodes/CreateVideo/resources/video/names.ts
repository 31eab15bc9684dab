/**
 * Create Video's parameter names, each written once: the fields below, the node's reader and its
 * request builder (VideoParameters) all take them from here. Saved workflows store these names,
 * so a released name is never renamed.
 */
export const VIDEO_PARAMETER_NAMES = [
	'model',
	'generationMode',
	'prompt',
	'firstFrameUrl',
	'lastFrameUrl',
	'urls',
	'videoUrls',
	'audioUrls',
	'firstFrameBinary',
	'lastFrameBinary',
	'imageBinaries',
	'videoBinaries',
	'audioBinaries',
	'sourceFrameTimestamps',
	'draft',
	'draftSourceOrderId',
	'automaticDuration',
	'duration',
	'aspect',
	'referenceAspect',
	'outputResolution',
	'additionalOptions',
] as const;

export type VideoParameterName = (typeof VIDEO_PARAMETER_NAMES)[number];

/** The names by name (`P.prompt`), so a typo is a compile error rather than a field nobody reads. */
export const VIDEO_PARAMETER = Object.fromEntries(
	VIDEO_PARAMETER_NAMES.map((name) => [name, name]),
) as {
	readonly [name in VideoParameterName]: name;
};
