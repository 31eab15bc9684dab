/** Facts of media files (kind, format, size, duration, dimensions, alpha) read from their own bytes. */
export type { AudioFormat, ImageFormat, MediaFormat, MediaInfo, VideoFormat } from './formats';
export { extensionOf, mimeTypeOf } from './formats';
export { probeMedia } from './probe';
export { DEFAULT_READ_BUDGET, readMedia, type MediaRead } from './read';
export { bufferSource, ReadRefused, type ByteSource, type ReadBudget } from './source';
