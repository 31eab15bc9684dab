/**
 * The rules' messages reach n8n users, who build with nodes, not endpoints (issue 34 §4.6): they
 * name the node or field to use, never an API path.
 */
import { validateCompatTask, validateRequest } from '../../../nodes/shared/rules';
import { PROMPT } from './helpers';

const messageOf = (result: ReturnType<typeof validateRequest>) =>
	result.ok ? '' : `${result.code}: ${result.message}`;

test.each([
	[
		'an sd2 video that is not an uploaded asset',
		validateRequest({
			model: 'sd2',
			inputs: {
				prompt: PROMPT,
				videoInputMode: 'reference',
				resolution: '1280x720',
				videoUrls: ['https://cdn.example.com/v.mp4'],
			},
		}),
		/upload it first \(Upload Asset, or a binary field of this node\)/,
	],
	[
		'an alt reference given as asset://',
		validateRequest({
			model: 'alt3.0-video',
			inputs: { prompt: PROMPT, videoInputMode: 'reference', urls: ['asset://a1'] },
		}),
		/Upload Asset with model alt3\.0-video, or a binary field of this node/,
	],
	[
		'a compat task without prompt or media',
		validateCompatTask({ model: 'sd2-compat', content: [] }),
		/give a Prompt, or Media/,
	],
])('%s: the message names what to use, not an endpoint', (_case, result, expected) => {
	expect(messageOf(result)).toMatch(expected);
	expect(messageOf(result)).not.toMatch(/\b(POST|GET) \//);
});
