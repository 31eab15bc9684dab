import {
	runTogetherEntry,
	runTogetherMessage,
	toList,
	toNumberList,
} from '../../../nodes/shared/fields/lists';

describe('URL lists (toList): one entry per line, or an array', () => {
	test('text splits on new lines only, so commas stay inside a URL', () => {
		expect(
			toList(
				'https://cdn.example.com/w_400,h_400/a.png\r\n  https://b.example.com/2.png?sig=a,b  \n\n',
			),
		).toEqual(['https://cdn.example.com/w_400,h_400/a.png', 'https://b.example.com/2.png?sig=a,b']);
	});

	test('an array keeps each entry whole (trimmed); blanks are dropped', () => {
		expect(toList([' https://a/1,2.png ', '', null, 'https://a/3.png'])).toEqual([
			'https://a/1,2.png',
			'https://a/3.png',
		]);
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

describe('URLs run together (runTogetherEntry): refused before anything is sent', () => {
	test.each([
		['pasted without a line break', 'https://a.example/x.pnghttps://b.example/y.png'],
		['separated by a space', 'https://a.example/x.png https://b.example/y.png'],
		['separated by a comma', 'https://a.example/x.png,https://b.example/y.png'],
		['separated by a semicolon', 'https://a.example/x.png;asset://abc'],
		['two asset ids run together', 'asset://abcasset://def'],
	])('one entry %s is found', (_how, entry) => {
		expect(runTogetherEntry(`https://ok.example/1.png\n${entry}`)).toBe(entry);
		expect(runTogetherEntry([entry])).toBe(entry);
	});

	test.each([
		['URLs one per line', 'https://a.example/x.png\nhttps://b.example/y.png'],
		['a CDN URL with commas', 'https://cdn.example.com/w_400,h_400/a.png'],
		[
			'an archive link with a URL in its path (our choice: after "/" it is part of the path)',
			'https://archive.example/web/2020/https://a.example/x.png',
		],
		[
			'a proxy link with a URL in its query',
			'https://proxy.example/?url=https://a.example/x.png&u2=http://b.example',
		],
		['nothing', ''],
		['an object from an expression', [{ url: 'https://a.example/x.pnghttps://b' }]],
	])('%s is not', (_what, value) => {
		expect(runTogetherEntry(value)).toBeUndefined();
	});

	test('the message names the field and says how to fix it', () => {
		const message = runTogetherMessage('Reference Image URLs', 'https://a/x.pnghttps://b/y.png');
		expect(message).toBe(
			'Reference Image URLs holds several URLs run together ("https://a/x.pnghttps://b/y.png"): put each URL on its own line (press Enter between them)',
		);
		expect(runTogetherMessage('Media 2 URL', 'x', true)).toContain('give one URL per media row');
	});
});
