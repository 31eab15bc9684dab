import { toList, toNumberList } from '../../../nodes/shared/lists';

describe('URL lists (toList): one entry per line, or an array', () => {
	test('text splits on new lines only, so commas stay inside a URL', () => {
		expect(toList('https://cdn.example.com/w_400,h_400/a.png\r\n  https://b.example.com/2.png?sig=a,b  \n\n')).toEqual([
			'https://cdn.example.com/w_400,h_400/a.png',
			'https://b.example.com/2.png?sig=a,b',
		]);
	});

	test('an array keeps each entry whole (trimmed); blanks are dropped', () => {
		expect(toList([' https://a/1,2.png ', '', null, 'https://a/3.png'])).toEqual(['https://a/1,2.png', 'https://a/3.png']);
	});

	test('what is not text is kept for the rules to refuse, not dropped', () => {
		expect(toList([{ url: 'x' }, 5])).toEqual([{ url: 'x' }, 5]);
		expect(toList({ url: 'x' })).toEqual([{ url: 'x' }]);
	});

	test('nothing gives an empty list', () => {
		for (const empty of [undefined, null, '', ' \n ', []]) expect(toList(empty)).toEqual([]);
	});
});

describe('number lists (toNumberList): commas or new lines', () => {
	test('commas and new lines both separate numbers', () => {
		expect(toNumberList('0, 1500\n3000,')).toEqual([0, 1500, 3000]);
		expect(toNumberList([0, '1500'])).toEqual([0, 1500]);
		expect(toNumberList(250)).toEqual([250]);
	});

	test('an entry that is not a number becomes NaN for the rules to refuse', () => {
		expect(toNumberList('0, soon')).toEqual([0, Number.NaN]);
	});
});
