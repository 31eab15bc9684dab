/**
 * The address requests are sent to, from the Base URL a user pasted into a credential.
 *
 * The Unified Generation API's {base_url} ends with /api/v1 (Unified Generation API, Versioning),
 * while a start banner or a browser shows the server's root. A root address (nothing after the
 * host and port) gets /api/v1 added; any other path is the user's (a gateway may mount the service
 * elsewhere) and is kept. The Task-Compatible Video API's paths start with /v1/ (Task-Compatible
 * Video API, Versioning), while its provider's SDKs take the root with /v1 as their base URL: a
 * trailing /v1 is taken off, so either form works and /v1 is never sent twice.
 */

/** The path the Unified Generation API's base address ends in. */
const UNIFIED_API_PATH = '/api/v1';

/** Just a scheme and a host (with an optional port and user info), no path, query or fragment. */
const ROOT_ONLY = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]+)$/i;

/**
 * An address typed without a scheme (gen.example.com) gets https://: n8n's Test would only say
 * ERR_INVALID_URL, and a guessed scheme must never send the key in clear. A plain-http service
 * (the emulator) is given with its http://.
 */
const NO_SCHEME = /^(?![a-z][a-z0-9+.-]*:\/\/)(?=.)/i;

/** Surrounding spaces (a paste) and trailing slashes off, so a path can be appended. */
const tidy = (raw: unknown) =>
	String(raw ?? '')
		.trim()
		.replace(/\/+$/, '')
		.replace(NO_SCHEME, 'https://');

export function unifiedBaseUrl(raw: unknown): string {
	return tidy(raw).replace(ROOT_ONLY, `$1${UNIFIED_API_PATH}`);
}

/** The compat version prefix at the end of a Base URL: COMPAT_PATHS add it again. */
const COMPAT_VERSION = /\/v1$/;

export function compatBaseUrl(raw: unknown): string {
	return tidy(raw).replace(COMPAT_VERSION, '');
}

/**
 * The same rules as n8n expressions, for the credentials' test requests (an expression cannot
 * call this module); built from the same patterns, and test/nodes/credentials.test.ts runs them
 * in n8n's engine as the credential's Test.
 */
const TIDY_EXPRESSION = `String($credentials.baseUrl || "").trim().replace(/\\/+$/, "").replace(/${NO_SCHEME.source}/i, "https://")`;

export const UNIFIED_BASE_URL_EXPRESSION = `={{ ${TIDY_EXPRESSION}.replace(/${ROOT_ONLY.source}/i, "$1${UNIFIED_API_PATH}") }}`;

export const COMPAT_BASE_URL_EXPRESSION = `={{ ${TIDY_EXPRESSION}.replace(/${COMPAT_VERSION.source}/, "") }}`;
