/**
 * Under each Base URL: n8n's Test reports a connection that got no answer by its code alone
 * (ECONNREFUSED, ERR_INVALID_URL), so the field says what those mean (docs/credentials.md).
 */
export const BASE_URL_HINT =
	'An address without http:// or https:// gets https://. If the Test says ECONNREFUSED, nothing answers at this address: is the service running?';
