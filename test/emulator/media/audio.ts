import type { AudioFormat } from '../../../nodes/shared/media/formats';
import { makeMp3 } from './mp3';
import { makeWav } from './wav';

export interface AudioOptions {
	seconds: number;
}

const MAX_SECONDS = 3600;

/** A real, playable audio file of the requested length (mp3: to the nearest 24 ms frame). */
export function makeAudio(format: AudioFormat, options: AudioOptions): Buffer {
	const { seconds } = options;
	if (!(seconds > 0 && seconds <= MAX_SECONDS)) {
		throw new RangeError(
			`audio seconds must be above 0 and at most ${MAX_SECONDS}, got ${seconds}`,
		);
	}
	if (format === 'wav') return makeWav(seconds);
	if (format === 'mp3') return makeMp3(seconds);
	throw new RangeError(`cannot make audio of format ${String(format)}`);
}
