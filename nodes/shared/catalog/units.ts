/**
 * Byte sizes. Unified Generation API (§ Limits and the input tables) writes "MB" without defining
 * it; we read it as 1024 x 1024 bytes, the larger reading, so a file the service accepts is never
 * refused here (the service stays the final judge).
 */
export const MB = 1024 * 1024;
