import { assessSources } from '../../nodes/Upscale/resources/video/assess';
import { resolvingContext } from './resolving-context';

/**
 * Upscale Video's external source is fetched by the service, not by n8n; a name that resolves to a
 * private address here is refused before the create all the same (INVALID_URL, nothing asked).
 */
test('Upscale: a source whose name resolves to the cloud metadata address is refused before anything is asked', async () => {
	const { ctx, asked } = resolvingContext({ '169.254.169.254.nip.io': ['169.254.169.254'] });
	const url = 'https://169.254.169.254.nip.io/latest/clip.mp4';
	const [planned] = await assessSources(ctx, [
		{
			itemIndex: 0,
			request: { source: { type: 'url', url }, targetResolution: '1080p' },
			price: { credits: null, reason: 'not assessed yet' },
		},
	]);
	expect(asked).toEqual([]);
	expect('error' in planned && planned.error.message).toBe(
		`INVALID_URL: source url '${url}' points to a private address (169.254.169.254.nip.io resolves to 169.254.169.254, the cloud metadata address): give a public https URL, an uploaded asset or binary data`,
	);
});
