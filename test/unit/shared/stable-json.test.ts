import { stableJson } from '../../../nodes/shared/dedupe/request-key';

describe('stableJson (the text a request-derived skip key hashes)', () => {
	test('the same request reads the same whatever the order of its fields, at every depth', () => {
		const a = { model: 'sd2', inputs: { prompt: 'a fox', duration: '5s', urls: ['b', 'a'] } };
		const b = { inputs: { urls: ['b', 'a'], duration: '5s', prompt: 'a fox' }, model: 'sd2' };
		expect(stableJson(a)).toBe(stableJson(b));
		expect(stableJson(a)).toBe(
			'{"inputs":{"duration":"5s","prompt":"a fox","urls":["b","a"]},"model":"sd2"}',
		);
	});

	test('the order of a list counts, an absent field and an undefined one are the same', () => {
		expect(stableJson({ urls: ['a', 'b'] })).not.toBe(stableJson({ urls: ['b', 'a'] }));
		expect(stableJson({ model: 'sd2', seed: undefined })).toBe(stableJson({ model: 'sd2' }));
		expect(stableJson({ seed: null })).toBe('{"seed":null}');
	});
});
