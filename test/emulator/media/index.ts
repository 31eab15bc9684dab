/**
 * Media for the emulator: real, decodable files made from nothing (images, H.264 video, audio),
 * and facts (format, size, duration, alpha) read back from any file's own header bytes.
 */
export type { AudioFormat, ImageFormat, MediaFormat, MediaInfo, MediaKind, VideoFormat } from './formats';
export { extensionOf, mimeTypeOf } from './formats';
export { probeMedia } from './probe';
export { makeImage, type ImageOptions } from './image';
export { makeVideo, type VideoOptions } from './video';
export { makeAudio, type AudioOptions } from './audio';
