/** The code constants are their own names, and the spec's codes are all defined. */
import { CODES } from '../../../nodes/shared/rules';

test('every constant equals its name', () => {
	for (const [name, code] of Object.entries(CODES)) expect(code).toBe(name);
});

test.each([
	'EMPTY_CONTENT',
	'AUDIO_ONLY_NOT_SUPPORTED',
	'UNSUPPORTED_MODEL',
	'UNSUPPORTED_RESOLUTION',
	'DURATION_OUT_OF_RANGE',
	'INVALID_MEDIA_COMBINATION',
	'EDIT_SOURCE_VIDEO_REQUIRED',
	'EXTEND_SOURCE_VIDEO_REQUIRED',
	'EDIT_SOURCE_DURATION_INVALID',
	'TOO_MANY_REFERENCES',
	'REFERENCE_VIDEO_DURATION_INVALID',
	'REFERENCE_AUDIO_DURATION_INVALID',
	'REFERENCE_IMAGE_INVALID',
	'REFERENCE_VIDEO_INVALID',
	'REFERENCE_AUDIO_INVALID',
	'ASSET_NOT_FOUND',
	'EXTERNAL_URL',
	'READ_TIMEOUT',
	'READ_FAILED',
	'INVALID_URL',
	'URL_NOT_REACHABLE',
	'UNSUPPORTED_MEDIA_TYPE',
	'FILE_TOO_LARGE',
	'DURATION_EXCEEDS_LIMIT',
	'SOURCE_RESOLUTION_TOO_HIGH',
	'INSUFFICIENT_CREDITS',
	'ACCOUNT_FROZEN',
])('the spec code %s is defined', (code) => {
	expect(Object.values(CODES)).toContain(code);
});
