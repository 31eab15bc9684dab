import { kindOf } from '../../../nodes/shared/assets/file-check';
import {
	binaryNames,
	binaryPlaceholder,
	binaryUrlPlaceholder,
	propertyOf,
} from '../../../nodes/shared/assets/binary-placeholders';

describe("kindOf: what a binary property is, from n8n's MIME type", () => {
	test.each([
		['image/png', 'a.png', { type: 'IMAGE', format: 'png' }],
		['image/jpeg', 'a.jpg', { type: 'IMAGE', format: 'jpeg' }],
		['video/quicktime', 'a.mov', { type: 'VIDEO', format: 'mov' }],
		['video/mp4', 'a.mp4', { type: 'VIDEO', format: 'mp4' }],
		['audio/mpeg', 'a.mp3', { type: 'AUDIO', format: 'mp3' }],
		['audio/x-wav', 'a.wav', { type: 'AUDIO', format: 'wav' }],
		['application/pdf', 'a.pdf', { format: 'pdf' }],
	])('%s is %j', (mimeType, fileName, kind) => {
		expect(kindOf({ mimeType, fileName })).toEqual(kind);
	});

	test('a generic type falls back to the file extension (our choice); without one the service decides', () => {
		expect(kindOf({ mimeType: 'application/octet-stream', fileName: 'clip.MP4' })).toEqual({
			format: 'mp4',
		});
		expect(kindOf({ mimeType: 'application/octet-stream', fileName: 'blob' })).toEqual({});
	});
});

describe('binary media placeholders', () => {
	test('the sd family gets an asset:// placeholder, the alt family an https one; both read back', () => {
		expect(binaryPlaceholder('sd2', 'my photo')).toMatch(/^asset:\/\/\S+$/);
		expect(binaryPlaceholder('alt3.0-video', 'data')).toMatch(/^https:\/\//);
		expect(propertyOf(binaryPlaceholder('sd2', 'my photo'))).toBe('my photo');
		expect(propertyOf(binaryUrlPlaceholder('data_1'))).toBe('data_1');
		expect(propertyOf('https://example.com/a.png')).toBeUndefined();
	});

	test('binary field names are comma- or line-separated', () => {
		expect(binaryNames('data, data_1\nphoto')).toEqual(['data', 'data_1', 'photo']);
		expect(binaryNames('')).toEqual([]);
	});
});
