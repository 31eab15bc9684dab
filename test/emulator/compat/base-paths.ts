import type { Route } from '../http/router';

/**
 * The compat paths start with /v1 (Task-Compatible Video Generation API, Versioning), and the
 * provider's official SDK appends `/contents/generations/tasks` to its base URL: a base URL of the
 * service's root then calls the path without /v1. The emulator answers both, so the SDK works
 * configured either way.
 */
const VERSION = '/v1';

/** First segments of the compat paths after /v1 (tasks, assets and groups, balance). */
const ROOT_SEGMENTS = ['contents', 'assets', 'me'];

/** A path of the compat service, with or without /v1: its errors take the compat body. */
export function isCompatPath(path: string): boolean {
	const first = path.split('/')[1];
	return first === VERSION.slice(1) || ROOT_SEGMENTS.includes(first);
}

/** Each /v1 route, and the same route at the root. */
export function atBothRoots(routes: Route[]): Route[] {
	return routes.flatMap((route) => {
		const alias = { ...route, path: route.path.slice(VERSION.length) };
		if (!route.path.startsWith(`${VERSION}/`) || !isCompatPath(alias.path))
			throw new Error(`${route.path}: a compat route needs a known first segment after /v1`);
		return [route, alias];
	});
}
