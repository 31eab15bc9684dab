/**
 * An upscale source's facts against its target (the upscale task codes): the package judges the facts it knows before sending, the emulator the fetched source's.
 * Every row as the spec's upscale error codes state it.
 */
import { MB, expectOutcome } from './helpers';
import { validateUpscaleSource, type UpscaleSource } from '../../../nodes/shared/rules';

describe('validateUpscaleSource', () => {
	const hd: UpscaleSource = {
		format: 'mp4',
		bytes: 10 * MB,
		seconds: 30,
		width: 1280,
		height: 720,
	};
	test.each<[string, string, UpscaleSource, string | null]>([
		['720p source to 1080p', '1080p', hd, null],
		['nothing known', '4k', {}, null],
		['UNSUPPORTED_MEDIA_TYPE: AVI', '1080p', { ...hd, format: 'avi' }, 'UNSUPPORTED_MEDIA_TYPE'],
		['WebM', '1080p', { ...hd, format: 'webm' }, null],
		['MOV', '1080p', { ...hd, format: 'mov' }, null],
		['FILE_TOO_LARGE: 200 MB + 1 byte', '1080p', { ...hd, bytes: 200 * MB + 1 }, 'FILE_TOO_LARGE'],
		['200 MB', '1080p', { ...hd, bytes: 200 * MB }, null],
		[
			'DURATION_EXCEEDS_LIMIT: 600.5 s',
			'1080p',
			{ ...hd, seconds: 600.5 },
			'DURATION_EXCEEDS_LIMIT',
		],
		['600 s', '1080p', { ...hd, seconds: 600 }, null],
		['SOURCE_RESOLUTION_TOO_HIGH: 720p to 720p (equal)', '720p', hd, 'SOURCE_RESOLUTION_TOO_HIGH'],
		[
			'SOURCE_RESOLUTION_TOO_HIGH: portrait 1080x1920 to 1080p',
			'1080p',
			{ width: 1080, height: 1920 },
			'SOURCE_RESOLUTION_TOO_HIGH',
		],
		['1080p to 2k', '2k', { width: 1920, height: 1080 }, null],
		[
			'SOURCE_RESOLUTION_TOO_HIGH: 1440p to 2k',
			'2k',
			{ width: 2560, height: 1440 },
			'SOURCE_RESOLUTION_TOO_HIGH',
		],
		['1440p to 4k', '4k', { width: 2560, height: 1440 }, null],
		[
			'SOURCE_RESOLUTION_TOO_HIGH: 4K to 4k',
			'4k',
			{ width: 3840, height: 2160 },
			'SOURCE_RESOLUTION_TOO_HIGH',
		],
		['unknown target', '8k', hd, 'UNSUPPORTED_RESOLUTION'],
	])('%s', (_name, target, source, code) => {
		expectOutcome(validateUpscaleSource(target, source), code);
	});
});
