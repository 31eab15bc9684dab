import { makeBmp } from './bmp';
import type { ImageFormat } from '../../../nodes/shared/media/formats';
import { makeGif } from './gif';
import { makeJpeg } from './jpeg';
import { makePng } from './png';
import { makeWebp } from './webp';

export interface ImageOptions {
	/** Semi-transparent pixels; honoured by png, webp and bmp (jpeg and gif have no alpha channel). */
	alpha?: boolean;
	/** Picks the colour, so different outputs look different. */
	seed?: number;
}

/** Largest side we make: 8192 covers 4x upscales of 2K and keeps raw PNG/BMP data within 256 MB. */
const MAX_SIDE = 8192;

/** A real, decodable image of exactly width x height. */
export function makeImage(
	format: ImageFormat,
	width: number,
	height: number,
	options: ImageOptions = {},
): Buffer {
	for (const side of [width, height]) {
		if (!Number.isInteger(side) || side < 1 || side > MAX_SIDE) {
			throw new RangeError(
				`image sides must be whole numbers from 1 to ${MAX_SIDE}, got ${width}x${height}`,
			);
		}
	}
	const alpha = options.alpha === true;
	switch (format) {
		case 'png':
			return makePng(width, height, alpha, options.seed);
		case 'jpeg':
			return makeJpeg(width, height, options.seed);
		case 'webp':
			return makeWebp(width, height, alpha, options.seed);
		case 'gif':
			return makeGif(width, height, options.seed);
		case 'bmp':
			return makeBmp(width, height, alpha, options.seed);
		default:
			throw new RangeError(`cannot make images of format ${String(format)}`);
	}
}
