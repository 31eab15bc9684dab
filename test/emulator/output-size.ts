import { UPSCALE } from '../../nodes/shared/catalog/index';

/**
 * Pixel sizes of generated outputs. The spec names tiers ('720p', '2k'), aspect presets
 * ('1280x720'), ratios ('16:9') and image resolutions ('1k'..'4k') but no output pixel sizes, and
 * says actual sizes may differ from presets; these derivations are the emulator's choice.
 */
export interface Size {
	width: number;
	height: number;
}

/** Shorter side of a video tier: the catalog's upscale target height, else N of 'Np'. */
export function tierShortSide(tier: string): number {
	const target = UPSCALE.targets.find((t) => t.value === tier);
	if (target) return target.height;
	const match = /^(\d+)p$/i.exec(tier);
	return match ? Number(match[1]) : 720;
}

/** Width / height of a preset '1280x720' or a ratio '16:9'; undefined for automatic values. */
export function aspectOf(value: unknown): number | undefined {
	if (typeof value !== 'string') return undefined;
	const match = /^(\d+(?:\.\d+)?)\s*[x:]\s*(\d+(?:\.\d+)?)$/i.exec(value);
	if (!match || Number(match[2]) === 0) return undefined;
	return Number(match[1]) / Number(match[2]);
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** A video frame: the shorter side is the tier, the longer follows the aspect; even sides (codec-friendly). */
export function videoSize(tier: string, aspect: number): Size {
	const short = tierShortSide(tier);
	return aspect >= 1
		? { width: even(short * aspect), height: short }
		: { width: short, height: even(short / aspect) };
}

/** An image: '1k'/'2k'/'4k' is the longer side in units of 1024 px, the shorter follows the aspect. */
export function imageSize(resolution: string, aspect: number): Size {
	const match = /^(\d+)k$/i.exec(resolution);
	const long = (match ? Number(match[1]) : 2) * 1024;
	return aspect >= 1
		? { width: long, height: even(long / aspect) }
		: { width: even(long * aspect), height: long };
}

/** The ratio among `choices` ('16:9', ...) closest to an aspect, for reporting a compat task's ratio. */
export function nearestRatio(aspect: number, choices: readonly string[]): string | undefined {
	let best: string | undefined;
	for (const choice of choices) {
		const value = aspectOf(choice);
		if (value === undefined) continue;
		if (
			!best ||
			Math.abs(Math.log(value / aspect)) < Math.abs(Math.log((aspectOf(best) as number) / aspect))
		)
			best = choice;
	}
	return best;
}
