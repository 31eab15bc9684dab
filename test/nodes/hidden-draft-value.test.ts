/**
 * Draft left on by sd2.5, then another model chosen (issue 34 §4.2): the value stays in the node's
 * parameters, hidden, and must not hide that model's Output Resolution (n8n drops a hidden field
 * at run time, so the run went out at the default 720p). Resolved with n8n's own displayOptions
 * logic, as the editor does.
 */
import { CreateVideo } from '../../nodes/CreateVideo/CreateVideo.node';
import { VIDEO_MODELS } from '../../nodes/shared/catalog';
import { visibleFields } from '../helpers/visible-fields';

const shown = (model: string, draft: boolean) =>
	visibleFields(
		new CreateVideo(),
		{ model, generationMode: 'textToVideo', draft, outputResolution: '1080p' } as never,
		2,
	);

test.each(VIDEO_MODELS.filter((model) => !model.params.draft).map((model) => model.id))(
	'%s (no Draft): Output Resolution shows with a Draft left on by another model',
	(model) => {
		expect(shown(model, true).names).toContain('outputResolution');
		expect(shown(model, true).values.outputResolution).toBe('1080p');
	},
);

test.each(VIDEO_MODELS.filter((model) => model.params.draft).map((model) => model.id))(
	'%s (Draft): Output Resolution hides while Draft is on (the draft is 480p), shows when off',
	(model) => {
		expect(shown(model, true).names).not.toContain('outputResolution');
		expect(shown(model, false).names).toContain('outputResolution');
	},
);
