import type { Service } from '../errors';
import { refusedBeforeSending } from '../errors';
import { mapWithLimit } from '../execution/concurrency';
import { unreachableJudge } from '../transport/handed-urls';
import type { HandedUrl } from '../transport/handed-urls';
import type { Planned } from './plan';
import type { Stage } from './run';

/** Items judged at once (each judgement may be a DNS lookup per URL). */
const ITEMS_AT_ONCE = 8;

/**
 * The first stage of a create run (create/run.ts): an item that hands the service a media URL
 * only a private network reaches is refused before it is priced or sent (transport/handed-urls.ts);
 * the other items go on. `allowPrivate`: the node's Allow Private File Hosts.
 */
export function refuseUnreachableMedia<R>(
	service: Service,
	urlsOf: (request: R) => HandedUrl[],
	allowPrivate: boolean,
): Stage<R> {
	return async (ctx, ready) => {
		const judge = unreachableJudge(ctx, service, allowPrivate);
		const judged = await mapWithLimit(ready, ITEMS_AT_ONCE, async (entry): Promise<Planned<R>> => {
			const fault = await judge(urlsOf(entry.request));
			if (!fault) return entry;
			const error = refusedBeforeSending(ctx, entry.itemIndex, fault);
			return { itemIndex: entry.itemIndex, variant: entry.variant, error, sent: 'no' };
		});
		return judged as Array<Planned<R>>;
	};
}
