/**
 * A URL field's help says what the rules accept, per family (issue 34 §4.3): the sd family takes
 * http and https image URLs (the document allows both), the alt family only the https URL of its
 * own upload. A help that said "https" over a rule that sends http misled users.
 */
import { CreateVideo } from '../../nodes/CreateVideo/CreateVideo.node';
import { VIDEO_MODELS, videoFamilyOf } from '../../nodes/shared/catalog';
import { validateRequest } from '../../nodes/shared/rules';
import { visibleFields } from '../helpers/visible-fields';

const HTTP_IMAGE = 'http://cdn.example.com/frame.png';

/** A first-frame request of the model with an http image, as the node sends it. */
const firstFrameOverHttp = (model: string, alt: boolean) =>
	validateRequest({
		model,
		inputs: alt
			? { videoInputMode: 'keyframe', urls: [HTTP_IMAGE] }
			: { prompt: 'a fox', urls: [HTTP_IMAGE] },
	});

const help = (model: string, generationMode: string, field: string) =>
	visibleFields(new CreateVideo(), { model, generationMode } as never, 2).field(field);

test.each(VIDEO_MODELS.map((model) => [model.id, videoFamilyOf(model).uploads === 'modelUpload']))(
	'%s: First Frame Image URL says http only where the rules take it',
	(model, alt) => {
		const field = help(model, 'firstFrame', 'firstFrameUrl');
		expect(field).toBeDefined();
		const accepted = firstFrameOverHttp(model, alt).ok;
		expect(accepted).toBe(!alt);
		if (accepted) expect(field!.description).toMatch(/an http or https URL/);
		else expect(field!.description).not.toMatch(/\bhttp\b/);
	},
);

test('Video and audio URL lists show an example of their own kind', () => {
	const fields = visibleFields(
		new CreateVideo(),
		{ model: 'sd2', generationMode: 'reference' } as never,
		2,
	);
	expect(fields.field('videoUrls')?.placeholder).toBe('asset://asset_1\nasset://asset_2');
	expect(fields.field('audioUrls')?.placeholder).toMatch(/\.mp3$/);
	expect(fields.field('urls')?.placeholder).toMatch(/^https:\/\/example\.com\/1\.png\n/);
});
