/**
 * Media for the emulator: real, decodable files made from nothing (images, H.264 video, audio).
 * The facts of a file (format, size, duration, alpha) are read by the package's own reader in
 * nodes/shared/media/, so the emulator and the nodes read every file the same way.
 */
export type {
	AudioFormat,
	ImageFormat,
	MediaFormat,
	MediaInfo,
	VideoFormat,
} from '../../../nodes/shared/media/formats';
export { extensionOf, mimeTypeOf } from '../../../nodes/shared/media/formats';
export { probeMedia } from '../../../nodes/shared/media/probe';
export { makeImage, type ImageOptions } from './image';
export { makeVideo, type VideoOptions } from './video';
export { makeAudio, type AudioOptions } from './audio';
