import { probeMedia, type MediaInfo } from '../../../nodes/shared/media';
import { makeAudio, makeImage, makeVideo } from '../../emulator/media';
import { KB, cbrMp3, colourKeyPng, fragmentedMp4, streamedWav, webm, withId3v2 } from './files';

/**
 * probeMedia(head, totalBytes): the first bytes of a file and its length give the same facts as
 * the whole file once the head holds the headers; a shorter head leaves facts out, never gets one wrong.
 */

const FILES: Array<[string, Buffer]> = [
	['PNG', makeImage('png', 640, 480)],
	['PNG with alpha', makeImage('png', 64, 48, { alpha: true })],
	['PNG with a colour key', colourKeyPng(makeImage('png', 64, 48), 700)],
	['JPEG', makeImage('jpeg', 1920, 1080)],
	['WebP', makeImage('webp', 300, 200, { alpha: true })],
	['GIF', makeImage('gif', 32, 16)],
	['BMP', makeImage('bmp', 30, 20, { alpha: true })],
	['MP4', makeVideo('mp4', { width: 640, height: 360, seconds: 3 })],
	['MOV', makeVideo('mov', { width: 360, height: 640, seconds: 2 })],
	['fragmented MP4 with mehd', fragmentedMp4(4, { mehd: true })],
	['WebM', webm(7.5, { width: 1280, height: 720 })],
	['audio WebM', webm(2.25, 'audio')],
	['WAV', makeAudio('wav', { seconds: 1.5 })],
	['streamed WAV (placeholder data size)', streamedWav(1.5)],
	['MP3 with an Info frame count', makeAudio('mp3', { seconds: 3 })],
	['CBR MP3', cbrMp3(3)],
	['CBR MP3 after an ID3v2 tag', withId3v2(cbrMp3(3), 500)],
];

describe('a head of the file and its length', () => {
	it.each(FILES)('%s: a 4 KB head gives the facts of the whole file', (_name, file) => {
		const whole = probeMedia(file);
		expect(whole).toBeDefined();
		expect(probeMedia(file.subarray(0, 4 * KB), file.length)).toEqual(whole);
	});

	// One guess is ours: a video container (WebM, MP4) whose track list is not in the head is
	// called a video, as most are; an audio-only one is told only once its tracks are read.
	const containerGuess = (info: MediaInfo) =>
		info.kind === 'video' && info.mimeType.startsWith('video/') && info.width === undefined;

	it.each(FILES)(
		'%s: every shorter head leaves facts out and gets none wrong (but the container guess)',
		(_name, file) => {
			const whole = probeMedia(file)!;
			for (let length = 0; length <= Math.min(file.length, 2 * KB); length++) {
				const found = probeMedia(file.subarray(0, length), file.length);
				if (!found) continue;
				const guessed = whole.kind === 'audio' && containerGuess(found) ? ['kind', 'mimeType'] : [];
				for (const [fact, value] of Object.entries(found).filter(
					([name]) => !guessed.includes(name),
				)) {
					expect([length, fact, value]).toEqual([length, fact, whole[fact as keyof MediaInfo]]);
				}
			}
		},
	);

	it('a CBR MP3 head counts the audio up to the given length', () => {
		const file = cbrMp3(60);
		expect(probeMedia(file.subarray(0, 1000), file.length)?.seconds).toBeCloseTo(60, 1);
		expect(probeMedia(file.subarray(0, 1000))?.seconds).toBeCloseTo((1000 * 8) / 32000, 6);
	});

	it('an ID3v1 tag beyond the head is counted as audio: at most 128 bytes of length too many, never too few', () => {
		const file = Buffer.concat([cbrMp3(10), Buffer.from('TAG'), Buffer.alloc(125)]);
		const whole = probeMedia(file)!.seconds!;
		const fromHead = probeMedia(file.subarray(0, 4 * KB), file.length)!.seconds!;
		expect(fromHead).toBeGreaterThan(whole);
		expect(fromHead - whole).toBeCloseTo((128 * 8) / 32000, 6);
	});

	it('a fragmented MP4 without mehd: the whole file sums its fragments, a head gives no duration rather than a short one', () => {
		const file = fragmentedMp4(20, { mehd: false, mdatBytes: 2 * KB });
		expect(probeMedia(file)).toMatchObject({ format: 'mp4', width: 320, height: 240, seconds: 20 });
		const head = probeMedia(file.subarray(0, 16 * KB), file.length);
		expect(head).toMatchObject({ format: 'mp4', width: 320, height: 240, bytes: file.length });
		expect(head?.seconds).toBeUndefined();
	});

	it('a moov cut by the head gives no facts of it (a lost track could change the kind)', () => {
		const file = makeVideo('mp4', { width: 640, height: 360, seconds: 3 });
		expect(probeMedia(file.subarray(0, 200), file.length)).toEqual({
			kind: 'video',
			format: 'mp4',
			bytes: file.length,
			mimeType: 'video/mp4',
		});
	});

	it('a length shorter than the head is taken as the head', () => {
		const file = makeAudio('wav', { seconds: 1 });
		expect(probeMedia(file, 10)).toEqual(probeMedia(file));
	});
});
