/** True when `bytes` holds the Latin-1 text `text` (a magic number, a four-character code) at `offset`. */
export function hasAscii(bytes: Buffer, offset: number, text: string): boolean {
	return (
		bytes.length >= offset + text.length &&
		bytes.toString('latin1', offset, offset + text.length) === text
	);
}
