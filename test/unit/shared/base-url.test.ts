import { CompatVideoApi } from '../../../credentials/CompatVideoApi.credentials';
import { UnifiedGenerationApi } from '../../../credentials/UnifiedGenerationApi.credentials';
import { CREDENTIAL_NAME } from '../../../nodes/shared/errors';
import { compatBaseUrl, unifiedBaseUrl } from '../../../nodes/shared/transport/base-url';
import { CREDENTIAL } from '../../../nodes/shared/transport';

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
		// Our choice: an address typed without a scheme gets https://, never a guessed http://.
		['gen.example.com', 'https://gen.example.com/api/v1'],
		[' gen.example.com:8443/ ', 'https://gen.example.com:8443/api/v1'],
		['HTTP://127.0.0.1:8787', 'HTTP://127.0.0.1:8787/api/v1'],
		['', ''],
	])('Unified Generation API: %j → %j', (given, sent) => {
		expect(unifiedBaseUrl(given)).toBe(sent);
	});

	test.each([
		['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
		[' http://127.0.0.1:8787/ ', 'http://127.0.0.1:8787'],
		// Its paths carry /v1 (Task-Compatible Video API, Versioning): a pasted /v1 is not doubled.
		['https://compat.example.com/v1', 'https://compat.example.com'],
		['https://compat.example.com/v1/ ', 'https://compat.example.com'],
		['https://gateway.example.com/compat/v1', 'https://gateway.example.com/compat'],
		['https://compat.example.com/v10', 'https://compat.example.com/v10'],
		['compat.example.com/v1', 'https://compat.example.com'],
	])('Task-Compatible Video API (the root, or the root with /v1): %j → %j', (given, sent) => {
		expect(compatBaseUrl(given)).toBe(sent);
	});
});

test('messages name each credential as the editor does: its display name', () => {
	const credentials = { unified: new UnifiedGenerationApi(), compat: new CompatVideoApi() };
	for (const service of ['unified', 'compat'] as const) {
		expect(credentials[service].name).toBe(CREDENTIAL[service]);
		expect(CREDENTIAL_NAME[service]).toBe(`${credentials[service].displayName} credential`);
	}
});
