/**
 * Create Image's parameter names, each written once: the fields, the node's reader and its request
 * builder take them from here. Saved workflows store these names, so a released name is never renamed.
 */
export const IMAGE_PARAMETER_NAMES = [
	'model',
	'generationMode',
	'prompt',
	'urls',
	'imageBinaries',
	'quality',
	'resolution',
	'aspectRatio',
	'outputFormat',
	'imagesPerItem',
	'additionalOptions',
] as const;

export type ImageParameterName = (typeof IMAGE_PARAMETER_NAMES)[number];

/** The names by name (`P.prompt`), so a typo is a compile error rather than a field nobody reads. */
export const IMAGE_PARAMETER = Object.fromEntries(
	IMAGE_PARAMETER_NAMES.map((name) => [name, name]),
) as {
	readonly [name in ImageParameterName]: name;
};

/**
 * The two image modes of the Unified Generation API, § Image generation inputs: `urls` absent (text
 * to image) or given (image to image).
 */
export const IMAGE_MODES = ['imageToImage', 'textToImage'] as const;

export type ImageNodeMode = (typeof IMAGE_MODES)[number];

export const IMAGE_MODE_LABELS: Record<ImageNodeMode, { name: string; description: string }> = {
	imageToImage: {
		name: 'Image to Image (Edit)',
		description: 'Change or combine 1-10 reference images as the prompt says',
	},
	textToImage: { name: 'Text to Image', description: 'Generate from the prompt alone' },
};

/** The modes by the short names a subtitle uses where the long ones do not fit the canvas. */
export const IMAGE_MODE_SHORT_NAMES: Record<ImageNodeMode, string> = {
	imageToImage: 'Edit',
	textToImage: 'Text',
};
