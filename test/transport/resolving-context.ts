import { Readable } from 'stream';
import type { IExecuteFunctions, IN8nHttpFullResponse } from 'n8n-workflow';

/** The first bytes of an MP4 file (an ftyp box). */
export const MP4 = Buffer.from(
	'000000206674797069736f6d0000020069736f6d69736f32617663316d703431',
	'hex',
);

/** The credential's Base URL in these contexts: a name, so its origin is excepted by name. */
export const OWN = 'https://api.media.test';

type Done = (error: Error | null, addresses: Array<{ address: string; family: number }>) => void;

/** A DNS lookup with n8n's lookup signature (dns.lookup with `all`), answering from a table. */
function lookupOf(table: Record<string, string[]>) {
	return (host: string, _options: unknown, done: Done) => {
		const addresses = table[host];
		if (!addresses)
			return done(
				Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }),
				[],
			);
		done(
			null,
			addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
		);
	};
}

export const fileAnswer = (): IN8nHttpFullResponse => ({
	statusCode: 200,
	headers: { 'content-type': 'video/mp4', 'content-length': String(MP4.length) },
	body: Readable.from([MP4]),
});

export const redirectAnswer = (location: string): IN8nHttpFullResponse => ({
	statusCode: 302,
	headers: { location },
	body: Readable.from([]),
});

/**
 * An n8n context whose names resolve by `table` (through the helper n8n gives nodes for that,
 * getSecureEgressFilter), whose requests are answered in turn by `answers` and recorded in `asked`.
 */
export function resolvingContext(
	table: Record<string, string[]>,
	answers: IN8nHttpFullResponse[] = [],
) {
	const asked: string[] = [];
	const helpers = {
		httpRequest: async (options: { url: string }) => {
			asked.push(options.url);
			return answers.shift() ?? fileAnswer();
		},
		prepareBinaryData: async (data: Readable, fileName?: string, mimeType?: string) => {
			for await (const chunk of data) void chunk;
			return { data: '', fileName, mimeType };
		},
		getSecureEgressFilter: () => ({ createSecureLookup: () => lookupOf(table) }),
	};
	const ctx = {
		getNode: () => ({
			id: 'download',
			name: 'Download',
			type: 'test.download',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		}),
		getCredentials: async () => ({ baseUrl: `${OWN}/api/v1`, apiKey: 'key' }),
		helpers,
	};
	return { ctx: ctx as unknown as IExecuteFunctions, asked };
}
