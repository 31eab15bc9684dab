/**
 * Counts in prose are generated or checked, never bumped by hand (docs/recipes.md): the docs count
 * no models, and each model page's table names every model of the catalog, so adding a model to the
 * catalog fails here until its row is written.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { IMAGE_MODELS, VIDEO_MODELS } from '../../nodes/shared/catalog';

const ROOT = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

const NUMBERS = 'two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\\d+';
const COUNTED_MODELS = new RegExp(`\\b(${NUMBERS}) (video |image )?models\\b`, 'i');

test('no user doc or test plan counts the models in words: the catalog is the count', () => {
	const pages = [
		'README.md',
		'test/README.md',
		...readdirSync(join(ROOT, 'docs'))
			.filter((name) => name.endsWith('.md'))
			.map((name) => `docs/${name}`),
		...readdirSync(join(ROOT, 'docs/nodes')).map((name) => `docs/nodes/${name}`),
	].filter((path) => path !== 'docs/benchmark-log.md' && path !== 'docs/recipes.md');
	const counting = pages.filter((path) => COUNTED_MODELS.test(read(path)));
	expect(counting).toEqual([]);
});

test.each([
	['docs/nodes/create-video.md', VIDEO_MODELS],
	['docs/nodes/create-image.md', IMAGE_MODELS],
])('%s names every model of the catalog in its table', (page, models) => {
	const text = read(page);
	const missing = models.map((model) => model.id).filter((id) => !text.includes(`\`${id}\``));
	expect(missing).toEqual([]);
});
