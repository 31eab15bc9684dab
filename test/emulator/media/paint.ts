/**
 * What generated images show: a colour picked by the seed, darker on the left and lighter on the
 * right. Every row is the same, which lets each encoder repeat one row instead of coding pixels.
 */

export type Rgb = [number, number, number];

/** Alpha of every pixel when an image is asked for with transparency. */
export const ALPHA = 160;

/** A clearly coloured, seed-dependent base colour (deterministic, no randomness). */
export function baseColour(seed = 1): Rgb {
	const hue = ((((seed * 0.618033988749895) % 1) + 1) % 1) * 6;
	const sector = Math.floor(hue);
	const rise = Math.round((hue - sector) * 200) + 40;
	const fall = 240 - rise + 40;
	const table: Rgb[] = [
		[240, rise, 40],
		[fall, 240, 40],
		[40, 240, rise],
		[40, fall, 240],
		[rise, 40, 240],
		[240, 40, fall],
	];
	return table[sector];
}

/** The colour at column `x`: brightness ramps from 50 % at the left edge to 100 % at the right. */
export function colourAt(base: Rgb, x: number, width: number): Rgb {
	const scale = 0.5 + (0.5 * x) / Math.max(1, width - 1);
	return [Math.round(base[0] * scale), Math.round(base[1] * scale), Math.round(base[2] * scale)];
}

/** Channel layouts the encoders store samples in. */
export type ChannelOrder = 'rgb' | 'rgba' | 'bgr' | 'bgra';

/** One row of interleaved 8-bit samples in the given channel order. */
export function paintRow(width: number, seed: number | undefined, order: ChannelOrder): Buffer {
	const base = baseColour(seed);
	const row = Buffer.alloc(width * order.length);
	for (let x = 0; x < width; x++) {
		const [r, g, b] = colourAt(base, x, width);
		const sample = { r, g, b, a: ALPHA };
		for (let c = 0; c < order.length; c++)
			row[x * order.length + c] = sample[order[c] as keyof typeof sample];
	}
	return row;
}
