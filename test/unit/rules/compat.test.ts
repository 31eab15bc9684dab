/** Task-compatible API: task bodies, asset bodies and batches. */
import {
	validateCompatAsset,
	validateCompatAssetBatch,
	validateCompatTask,
} from '../../../nodes/shared/rules';
import { expectOutcome, row } from './helpers';

const V2 = 'video-2-0-260128';
const FAST = 'video-2-0-fast-260128';
const text = { type: 'text', text: 'a drone shot over a canyon' };
const image = (role?: string, url = 'https://img.example.com/a.png') => ({
	type: 'image_url',
	image_url: { url },
	...(role ? { role } : {}),
});
const videoItem = {
	type: 'video_url',
	video_url: { url: 'asset://asset-1' },
	role: 'reference_video',
};
const audioItem = {
	type: 'audio_url',
	audio_url: { url: 'https://snd.example.com/a.mp3' },
	role: 'reference_audio',
};
const task = (content: unknown[], extra: Record<string, unknown> = {}) => ({
	model: V2,
	content,
	...extra,
});

/** Every option the provider's Python SDK sends as null when the caller did not set it. */
const SDK_NULLS = Object.fromEntries(
	[
		'safety_identifier',
		'callback_url',
		'return_last_frame',
		'service_tier',
		'execution_expires_after',
		'priority',
		'generate_audio',
		'draft',
		'camera_fixed',
		'watermark',
		'seed',
		'resolution',
		'ratio',
		'duration',
		'frames',
		'tools',
	].map((key) => [key, null]),
);

describe('validateCompatTask', () => {
	test.each<[string, unknown, string | null, string?]>([
		['text-to-video', task([text]), null],
		['fast model text-to-video', { model: FAST, content: [text] }, null],
		['first and last frame', task([text, image('first_frame'), image('last_frame')]), null],
		[
			'references: image, video, audio',
			task([text, image('reference_image'), videoItem, audioItem]),
			null,
		],
		['Base64 image', task([image('first_frame', 'data:image/png;base64,iVBORw0KGgo=')]), null],
		[
			"upstream fields pass through (unknown top-level fields are the service's to judge)",
			task([text], { seed: 7, camera_fixed: true }),
			null,
		],
		[
			'all options',
			task([text], {
				generate_audio: false,
				ratio: '21:9',
				duration: 15,
				resolution: '480p',
				watermark: true,
				tools: [{ type: 'web_search' }],
			}),
			null,
		],
		[
			'null options mean "not given" (the provider\'s SDK sends every unset option as null)',
			task([text], SDK_NULLS),
			null,
		],
		[
			'null tools beside media pass (no web_search was asked for)',
			task([text, image('first_frame')], { tools: null }),
			null,
		],
		[
			'UNSUPPORTED_MODEL: null model',
			{ model: null, content: [text] },
			'UNSUPPORTED_MODEL',
			'model',
		],
		['EMPTY_CONTENT: null content', { model: V2, content: null }, 'EMPTY_CONTENT', 'content'],
		['not an object', [text], 'INVALID_PARAMETER'],
		[
			'any model id passes: the spec\'s ids are only "recommended" (and dated)',
			{ model: 'video-3-0', content: [text] },
			null,
		],
		['a newer dated id passes', { model: 'video-2-0-270301', content: [text, videoItem] }, null],
		['UNSUPPORTED_MODEL: missing', { content: [text] }, 'UNSUPPORTED_MODEL', 'model'],
		['UNSUPPORTED_MODEL: empty id', { model: '', content: [text] }, 'UNSUPPORTED_MODEL', 'model'],
		[
			'UNSUPPORTED_MODEL: blank id (our reading: a blank is no id)',
			{ model: '  ', content: [text] },
			'UNSUPPORTED_MODEL',
			'model',
		],
		['UNSUPPORTED_MODEL: id not text', { model: 2, content: [text] }, 'UNSUPPORTED_MODEL', 'model'],
		['EMPTY_CONTENT: no content', { model: V2 }, 'EMPTY_CONTENT', 'content'],
		['EMPTY_CONTENT: empty list', task([]), 'EMPTY_CONTENT'],
		['EMPTY_CONTENT: blank text only', task([{ type: 'text', text: ' ' }]), 'EMPTY_CONTENT'],
		['content not a list', { model: V2, content: text }, 'INVALID_PARAMETER', 'content'],
		['AUDIO_ONLY_NOT_SUPPORTED', task([text, audioItem]), 'AUDIO_ONLY_NOT_SUPPORTED', 'content'],
		['audio with a video', task([text, videoItem, audioItem]), null],
		[
			'video_url on the fast id passes (both recommended ids are version 2.0)',
			{ model: FAST, content: [text, videoItem] },
			null,
		],
		// How roles combine is not ruled on by the document (only each role's type is): the service decides.
		[
			'two first frames pass: the document sets no count',
			task([image('first_frame'), image('first_frame')]),
			null,
		],
		[
			'a last frame without a first passes: the document does not require one',
			task([text, image('last_frame')]),
			null,
		],
		[
			'a first frame with a reference image passes: the document does not forbid mixing',
			task([image('first_frame'), image('reference_image')]),
			null,
		],
		[
			'frames with reference video and audio pass',
			task([text, image('first_frame'), image('last_frame'), videoItem, audioItem]),
			null,
		],
		['item not an object', task(['a drone shot']), 'INVALID_PARAMETER', 'content[0]'],
		[
			'item type unknown',
			task([{ type: 'file_url', file_url: { url: 'https://x.test' } }]),
			'INVALID_PARAMETER',
			'content[0].type',
		],
		[
			'image_url without url',
			task([{ type: 'image_url', image_url: {} }]),
			'INVALID_PARAMETER',
			'content[0].image_url.url',
		],
		[
			'role of another type',
			task([text, image('reference_video')]),
			'INVALID_PARAMETER',
			'content[1].role',
		],
		[
			'text not a string',
			task([{ type: 'text', text: 5 }]),
			'INVALID_PARAMETER',
			'content[0].text',
		],
		[
			'INVALID_URL: ftp image',
			task([image('first_frame', 'ftp://img.example.com/a.png')]),
			'INVALID_URL',
			'content[0].image_url.url',
		],
		['duration 3', task([text], { duration: 3 }), 'DURATION_OUT_OF_RANGE', 'duration'],
		['duration 4', task([text], { duration: 4 }), null],
		['duration 16', task([text], { duration: 16 }), 'DURATION_OUT_OF_RANGE'],
		['duration -1 (model chooses)', task([text], { duration: -1 }), null],
		['duration 5.5', task([text], { duration: 5.5 }), 'DURATION_OUT_OF_RANGE'],
		['duration "5"', task([text], { duration: '5' }), 'DURATION_OUT_OF_RANGE'],
		[
			'resolution 1080p',
			task([text], { resolution: '1080p' }),
			'UNSUPPORTED_RESOLUTION',
			'resolution',
		],
		['resolution 720p', task([text], { resolution: '720p' }), null],
		['ratio 2:1', task([text], { ratio: '2:1' }), 'UNSUPPORTED_ASPECT_RATIO', 'ratio'],
		['ratio adaptive', task([text], { ratio: 'adaptive' }), null],
		[
			'web_search with media',
			task([text, image('first_frame')], { tools: [{ type: 'web_search' }] }),
			'INVALID_MEDIA_COMBINATION',
			'tools',
		],
		[
			'unknown tool',
			task([text], { tools: [{ type: 'code_interpreter' }] }),
			'INVALID_PARAMETER',
			'tools[0].type',
		],
		['watermark "no"', task([text], { watermark: 'no' }), 'INVALID_PARAMETER', 'watermark'],
		[
			'generate_audio 0',
			task([text], { generate_audio: 0 }),
			'INVALID_PARAMETER',
			'generate_audio',
		],
	])(
		'%s',
		row((_name, body, code, path) => {
			expectOutcome(validateCompatTask(body), code, path);
		}),
	);
});

describe('validateCompatAsset', () => {
	const entry = { groupId: 'group-1', url: 'https://img.example.com/a.png', name: 'hero' };
	test.each<[string, unknown, string | null, string?]>([
		['valid', entry, null],
		['without name', { groupId: 'group-1', url: 'http://img.example.com/a.png' }, null],
		['not an object', 'https://img.example.com/a.png', 'INVALID_PARAMETER'],
		['groupId missing', { url: entry.url }, 'INVALID_PARAMETER', 'groupId'],
		['groupId empty', { ...entry, groupId: '' }, 'INVALID_PARAMETER', 'groupId'],
		['url missing', { groupId: 'group-1' }, 'INVALID_URL', 'url'],
		['url malformed', { ...entry, url: 'a.png' }, 'INVALID_URL', 'url'],
		['name not text', { ...entry, name: 7 }, 'INVALID_PARAMETER', 'name'],
	])(
		'%s',
		row((_name, body, code, path) => {
			expectOutcome(validateCompatAsset(body), code, path);
		}),
	);

	test('a batch of 50 entries is valid, 51 is BATCH_TOO_LARGE', () => {
		expectOutcome(validateCompatAssetBatch(Array(50).fill(entry)), null);
		expectOutcome(validateCompatAssetBatch(Array(51).fill(entry)), 'BATCH_TOO_LARGE');
	});
	test('a batch names the bad entry', () => {
		expectOutcome(validateCompatAssetBatch([entry, { groupId: 'g' }]), 'INVALID_URL', '[1].url');
		expectOutcome(validateCompatAssetBatch([entry, 'x']), 'INVALID_PARAMETER', '[1]');
		expectOutcome(validateCompatAssetBatch([]), 'INVALID_PARAMETER');
	});
});
