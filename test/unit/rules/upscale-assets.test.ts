/** Standalone upscale bodies, private/insecure URLs, and asset uploads. */
import {
	isPrivateOrInsecureUrl,
	validateAssetUpload,
	validateUpscaleCreate,
} from '../../../nodes/shared/rules';
import { MB, expectOutcome, row } from './helpers';

const SOURCE = { type: 'url', url: 'https://cdn.example.com/clip.mp4' };

describe('validateUpscaleCreate', () => {
	test.each<[string, unknown, string | null, string?]>([
		['url source', { source: SOURCE, targetResolution: '4k' }, null],
		[
			'with callBackUrl',
			{ source: SOURCE, targetResolution: '720p', callBackUrl: 'https://hooks.example.com/up' },
			null,
		],
		[
			'legacy uploadId with storageUrl',
			{
				source: { type: 'uploadId', storageUrl: 'https://store.example.com/x.mp4' },
				targetResolution: '1080p',
			},
			null,
		],
		['not an object', 'https://cdn.example.com/clip.mp4', 'INVALID_PARAMETER'],
		['source missing', { targetResolution: '4k' }, 'INVALID_PARAMETER', 'source'],
		[
			'a field inside source the spec does not list passes (our reading: the service decides)',
			{ source: { ...SOURCE, bucket: 'b' }, targetResolution: '4k' },
			null,
		],
		[
			'source.type unknown',
			{ source: { type: 'file', url: SOURCE.url }, targetResolution: '4k' },
			'INVALID_PARAMETER',
			'source.type',
		],
		[
			'source.url missing',
			{ source: { type: 'url' }, targetResolution: '4k' },
			'INVALID_URL',
			'source.url',
		],
		[
			'storageUrl missing with uploadId',
			{ source: { type: 'uploadId', url: SOURCE.url }, targetResolution: '4k' },
			'INVALID_URL',
			'source.storageUrl',
		],
		[
			'source.url malformed',
			{ source: { type: 'url', url: 'clip.mp4' }, targetResolution: '4k' },
			'INVALID_URL',
			'source.url',
		],
		[
			'source.url ftp',
			{ source: { type: 'url', url: 'ftp://cdn.example.com/clip.mp4' }, targetResolution: '4k' },
			'INVALID_URL',
			'source.url',
		],
		[
			'targetResolution 8k',
			{ source: SOURCE, targetResolution: '8k' },
			'UNSUPPORTED_RESOLUTION',
			'targetResolution',
		],
		['targetResolution missing', { source: SOURCE }, 'UNSUPPORTED_RESOLUTION', 'targetResolution'],
		[
			'callBackUrl malformed',
			{ source: SOURCE, targetResolution: '4k', callBackUrl: 'hook' },
			'INVALID_URL',
			'callBackUrl',
		],
		[
			'a field the spec does not list passes (our reading: the service decides)',
			{ source: SOURCE, targetResolution: '4k', callbackUrl: 'https://x.test' },
			null,
		],
	])(
		'%s',
		row((_name, body, code, path) => {
			expectOutcome(validateUpscaleCreate(body), code, path);
		}),
	);
});

describe('isPrivateOrInsecureUrl', () => {
	test.each([
		['https://cdn.example.com/v.mp4', false],
		['https://8.8.8.8/v.mp4', false],
		['https://[2606:4700::1111]/v.mp4', false],
		['https://172.32.0.1/v.mp4', false],
		['http://cdn.example.com/v.mp4', true],
		['ftp://cdn.example.com/v.mp4', true],
		['not a url', true],
		['https://localhost/v.mp4', true],
		['https://media.localhost/v.mp4', true],
		['https://intranet/v.mp4', true],
		['https://files.corp.internal/v.mp4', true],
		['https://127.0.0.1/v.mp4', true],
		['https://10.1.2.3/v.mp4', true],
		['https://172.16.0.1/v.mp4', true],
		['https://172.31.255.255/v.mp4', true],
		['https://192.168.1.10/v.mp4', true],
		['https://169.254.169.254/latest', true],
		['https://100.64.0.1/v.mp4', true],
		['https://0.0.0.0/v.mp4', true],
		['https://0x7f.1/v.mp4', true],
		['https://[::1]/v.mp4', true],
		['https://[fd00::1]/v.mp4', true],
		['https://[fe80::1]/v.mp4', true],
		['https://[::ffff:127.0.0.1]/v.mp4', true],
		['https://[::ffff:10.0.0.1]/v.mp4', true],
	])('%s -> %s', (url, expected) => {
		expect(isPrivateOrInsecureUrl(url)).toBe(expected);
	});
});

describe('validateAssetUpload', () => {
	test.each<[string, Parameters<typeof validateAssetUpload>[0], string | null, string?]>([
		['name of 64 characters', { name: 'n'.repeat(64) }, null],
		['NAME_TOO_LONG: 65 characters', { name: 'n'.repeat(65) }, 'NAME_TOO_LONG', 'name'],
		['UNSUPPORTED_FILE_TYPE: DOCUMENT', { type: 'DOCUMENT' }, 'UNSUPPORTED_FILE_TYPE', 'type'],
		['detected kind in lower case', { type: 'image', format: 'png' }, null],
		[
			'UNSUPPORTED_FILE_TYPE: MP4 as IMAGE',
			{ type: 'IMAGE', format: 'mp4' },
			'UNSUPPORTED_FILE_TYPE',
			'file',
		],
		[
			'UNSUPPORTED_FILE_TYPE: WebM video',
			{ type: 'VIDEO', format: 'webm' },
			'UNSUPPORTED_FILE_TYPE',
		],
		['UNSUPPORTED_FILE_TYPE: unknown format, no type', { format: 'ogg' }, 'UNSUPPORTED_FILE_TYPE'],
		['image 30 MB', { type: 'IMAGE', format: 'heic', bytes: 30 * MB }, null],
		[
			'FILE_TOO_LARGE: image 30 MB + 1',
			{ type: 'IMAGE', bytes: 30 * MB + 1 },
			'FILE_TOO_LARGE',
			'file',
		],
		['video 50 MB', { type: 'VIDEO', format: 'mov', bytes: 50 * MB }, null],
		['FILE_TOO_LARGE: video 50 MB + 1', { type: 'VIDEO', bytes: 50 * MB + 1 }, 'FILE_TOO_LARGE'],
		['audio 15 MB', { type: 'AUDIO', format: 'mp3', bytes: 15 * MB }, null],
		['FILE_TOO_LARGE: audio 15 MB + 1', { format: 'wav', bytes: 15 * MB + 1 }, 'FILE_TOO_LARGE'],
		['FILE_TOO_LARGE: any file over 50 MB', { bytes: 50 * MB + 1 }, 'FILE_TOO_LARGE'],
	])(
		'%s',
		row((_name, asset, code, path) => {
			expectOutcome(validateAssetUpload(asset), code, path);
		}),
	);

	test.each(['jpg', 'jpeg', 'png', 'webp', 'gif', 'bmp', 'tiff', 'heic'])(
		'image format %s is allowed',
		(format) => {
			expectOutcome(validateAssetUpload({ type: 'IMAGE', format }), null);
		},
	);
	test.each([
		['VIDEO', 'mp4'],
		['VIDEO', 'mov'],
		['AUDIO', 'wav'],
		['AUDIO', 'mp3'],
	])('%s format %s is allowed', (type, format) => {
		expectOutcome(validateAssetUpload({ type, format }), null);
	});
});
