import { compatBaseUrl, unifiedBaseUrl } from '../../../nodes/shared/base-url';

describe('the Base URL a credential holds → the address requests go to', () => {
	test.each([
		['http://127.0.0.1:8787', 'http://127.0.0.1:8787/api/v1'],
		['http://127.0.0.1:8787/', 'http://127.0.0.1:8787/api/v1'],
		['  https://gen.example.com//  ', 'https://gen.example.com/api/v1'],
		['https://gen.example.com/api/v1', 'https://gen.example.com/api/v1'],
		['https://gen.example.com/api/v1/', 'https://gen.example.com/api/v1'],
		// Our choice: only a bare root gets the path; any other path may be a gateway's, so it is kept.
		['https://gateway.example.com/unified', 'https://gateway.example.com/unified'],
		['https://gen.example.com/api', 'https://gen.example.com/api'],
		['', ''],
	])('Unified Generation API: %j → %j', (given, sent) => {
		expect(unifiedBaseUrl(given)).toBe(sent);
	});

	test.each([
		['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
		[' http://127.0.0.1:8787/ ', 'http://127.0.0.1:8787'],
		['https://compat.example.com/v1', 'https://compat.example.com/v1'],
	])('Task-Compatible Video API (the root, nothing added): %j → %j', (given, sent) => {
		expect(compatBaseUrl(given)).toBe(sent);
	});
});
