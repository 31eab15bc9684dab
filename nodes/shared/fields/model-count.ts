const WORDS = [
	'no',
	'one',
	'two',
	'three',
	'four',
	'five',
	'six',
	'seven',
	'eight',
	'nine',
	'ten',
	'eleven',
	'twelve',
];

/** "six models": a model list's length in words, so a node's description follows the catalog. */
export function modelCount(models: readonly unknown[]): string {
	const count = models.length;
	return `${WORDS[count] ?? count} model${count === 1 ? '' : 's'}`;
}
