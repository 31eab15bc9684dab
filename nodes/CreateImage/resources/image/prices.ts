import type { ImageModel } from '../../../shared/catalog';
import { estimateCredits } from '../../../shared/pricing';

/** Option hints with the catalog's prices, so a user (or an agent) sees what a choice costs. */

const price = (model: ImageModel, inputs: Record<string, unknown>) =>
	estimateCredits({ model: model.id, inputs });

/** "1K 3, 2K 7, 4K 10 credits per image" for one quality. */
export function qualityHint(model: ImageModel, quality: string): string {
	const cells = model.resolution.options.map(
		({ value }) => `${value.toUpperCase()} ${price(model, { quality, resolution: value })}`,
	);
	return `${cells.join(', ')} credits per image`;
}

/** The price of each resolution, on models where it does not depend on a quality. */
export function resolutionHint(model: ImageModel): ((resolution: string) => string) | undefined {
	if (model.quality) return undefined;
	return (resolution) => `${price(model, { resolution })} credits per image`;
}
