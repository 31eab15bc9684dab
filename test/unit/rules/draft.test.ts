/** sd2.5 draft (480P) and final (draftSourceOrderId) rules. */
import { PROMPT, assets, check, expectOutcome, links, row } from './helpers';

type Row = [string, string, Record<string, unknown>, string | null, string?];

describe('draft', () => {
	test.each<Row>([
		['text-to-video draft', 'sd2.5', { prompt: PROMPT, draft: true }, null],
		['first-frame draft', 'sd2.5', { prompt: PROMPT, urls: links(1), draft: true }, null],
		[
			'keyframe draft',
			'sd2.5',
			{ prompt: PROMPT, videoInputMode: 'keyframe', urls: links(2), draft: true },
			null,
		],
		[
			'reference draft',
			'sd2.5',
			{
				prompt: PROMPT,
				videoInputMode: 'reference',
				resolution: '720x720',
				videoUrls: assets(1),
				draft: true,
			},
			null,
		],
		[
			'draft with outputResolution',
			'sd2.5',
			{ prompt: PROMPT, draft: true, outputResolution: '720p' },
			'DRAFT_OPTION_NOT_ALLOWED',
			'inputs.outputResolution',
		],
		[
			'draft with outputResolution 480p',
			'sd2.5',
			{ prompt: PROMPT, draft: true, outputResolution: '480p' },
			'DRAFT_OPTION_NOT_ALLOWED',
			'inputs.outputResolution',
		],
		[
			'draft with upscaleResolution',
			'sd2.5',
			{ prompt: PROMPT, draft: true, upscaleResolution: '1080p' },
			'DRAFT_OPTION_NOT_ALLOWED',
			'inputs.upscaleResolution',
		],
		[
			'draft edit',
			'sd2.5',
			{
				prompt: PROMPT,
				draft: true,
				mode: 'edit',
				videoInputMode: 'reference',
				videoUrls: assets(1),
			},
			'DRAFT_OPTION_NOT_ALLOWED',
			'inputs.mode',
		],
		[
			'draft extend',
			'sd2.5',
			{ prompt: PROMPT, draft: true, mode: 'extend', videoUrls: assets(1) },
			'DRAFT_OPTION_NOT_ALLOWED',
			'inputs.mode',
		],
		[
			'draft false is a plain request',
			'sd2.5',
			{ prompt: PROMPT, draft: false, outputResolution: '1080p' },
			null,
		],
		[
			'draft not a boolean',
			'sd2.5',
			{ prompt: PROMPT, draft: 'yes' },
			'INVALID_PARAMETER',
			'inputs.draft',
		],
		[
			'draft on sd2',
			'sd2',
			{ prompt: PROMPT, draft: true },
			'DRAFT_OPTION_NOT_ALLOWED',
			'inputs.draft',
		],
		['draft on sd2-fast', 'sd2-fast', { prompt: PROMPT, draft: true }, 'DRAFT_OPTION_NOT_ALLOWED'],
		[
			'draft on alt',
			'alt3.0-video',
			{ prompt: PROMPT, draft: true },
			'DRAFT_OPTION_NOT_ALLOWED',
			'inputs.draft',
		],
	])(
		'%s',
		row((_name, model, inputs, code, path) => {
			expectOutcome(check(model, inputs), code, path);
		}),
	);
});

describe('final', () => {
	test.each<Row>([
		['final on sd2.5', 'sd2.5', { draftSourceOrderId: 'order-123' }, null],
		[
			'other inputs are ignored, even invalid ones',
			'sd2.5',
			{ draftSourceOrderId: 'order-123', duration: '99s', outputResolution: '8k', foo: 1 },
			null,
		],
		[
			'empty order id',
			'sd2.5',
			{ draftSourceOrderId: '' },
			'INVALID_PARAMETER',
			'inputs.draftSourceOrderId',
		],
		[
			'numeric order id',
			'sd2.5',
			{ draftSourceOrderId: 123 },
			'INVALID_PARAMETER',
			'inputs.draftSourceOrderId',
		],
		[
			'final on sd2',
			'sd2',
			{ draftSourceOrderId: 'order-123' },
			'DRAFT_OPTION_NOT_ALLOWED',
			'inputs.draftSourceOrderId',
		],
		[
			'final on sd2-mini',
			'sd2-mini',
			{ prompt: PROMPT, draftSourceOrderId: 'order-123' },
			'DRAFT_OPTION_NOT_ALLOWED',
		],
		[
			'final on alt',
			'alt3.0-video-prime',
			{ draftSourceOrderId: 'order-123' },
			'DRAFT_OPTION_NOT_ALLOWED',
		],
	])(
		'%s',
		row((_name, model, inputs, code, path) => {
			expectOutcome(check(model, inputs), code, path);
		}),
	);
});
