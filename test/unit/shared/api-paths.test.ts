import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { CompatVideoApi } from '../../../credentials/CompatVideoApi.credentials';
import { UnifiedGenerationApi } from '../../../credentials/UnifiedGenerationApi.credentials';
import { COMPAT_PATHS } from '../../../nodes/shared/transport/api/compat';
import { UNIFIED_PATHS } from '../../../nodes/shared/transport/api/unified';
import { compatRoutes } from '../../emulator/compat/routes';
import { matchRoute } from '../../emulator/http/router';
import { UNIFIED_PREFIX, unifiedRoutes } from '../../emulator/unified/routes';

const ROOT = join(__dirname, '../../..');

/** The methods the package sends to each path; a path added without a row here fails below. */
const UNIFIED_METHODS: Record<keyof typeof UNIFIED_PATHS, string[]> = {
	credits: ['GET'],
	createTask: ['POST'],
	queryTask: ['GET'],
	relations: ['GET'],
	createUpscale: ['POST'],
	queryUpscale: ['GET'],
	uploadAsset: ['POST'],
	assetStatus: ['GET'],
	listAssets: ['GET'],
};

const ID = 'id with/slash';

const COMPAT_METHODS: Record<keyof typeof COMPAT_PATHS, string[]> = {
	balance: ['GET'],
	tasks: ['GET', 'POST'],
	task: ['GET'],
	assets: ['GET', 'POST'],
	asset: ['GET', 'DELETE'],
	assetBatch: ['POST'],
	assetBatchTemplate: ['GET'],
	assetGroups: ['GET', 'POST'],
};

const pathOf = (value: string | ((id: string) => string)) =>
	typeof value === 'string' ? value : value(ID);

const cases = [
	...Object.entries(UNIFIED_METHODS).flatMap(([key, methods]) =>
		methods.map(
			(method) =>
				[
					'unified',
					key,
					method,
					UNIFIED_PREFIX + UNIFIED_PATHS[key as keyof typeof UNIFIED_PATHS],
				] as const,
		),
	),
	...Object.entries(COMPAT_METHODS).flatMap(([key, methods]) =>
		methods.map(
			(method) =>
				['compat', key, method, pathOf(COMPAT_PATHS[key as keyof typeof COMPAT_PATHS])] as const,
		),
	),
];

describe('the endpoint paths of both API modules', () => {
	test('every path has its methods listed here', () => {
		expect(Object.keys(UNIFIED_METHODS).sort()).toEqual(Object.keys(UNIFIED_PATHS).sort());
		expect(Object.keys(COMPAT_METHODS).sort()).toEqual(Object.keys(COMPAT_PATHS).sort());
	});

	test.each(cases)(
		'%s %s: %s %s is an endpoint of the emulated service',
		(service, _key, method, path) => {
			const match = matchRoute(service === 'unified' ? unifiedRoutes : compatRoutes, method, path);
			expect(match).toEqual(
				expect.objectContaining({ route: expect.objectContaining({ method }) }),
			);
		},
	);

	test('an id in a path is encoded, so the service reads it back whole', () => {
		expect(COMPAT_PATHS.task(ID)).toBe('/v1/contents/generations/tasks/id%20with%2Fslash');
		const match = matchRoute(compatRoutes, 'DELETE', COMPAT_PATHS.asset(ID));
		expect(match).toEqual(expect.objectContaining({ params: { id: ID } }));
	});

	test('each credential is tested against its API module’s balance path', () => {
		expect(new UnifiedGenerationApi().test.request.url).toBe(UNIFIED_PATHS.credits);
		expect(new CompatVideoApi().test.request.url).toBe(COMPAT_PATHS.balance);
	});
});

/** A quoted path of either service: /account/, /jobs/, /upscale/, /assets/, /v1/... */
const ENDPOINT = /['"`]\/(api\/v1\/|account\/|jobs\/|upscale\/|assets\/|contents\/|v1\/)/;

function shippedFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return shippedFiles(path);
		return entry.name.endsWith('.ts') ? [path] : [];
	});
}

test('no shipped file but the two API modules writes an endpoint path', () => {
	const writers = [...shippedFiles(join(ROOT, 'nodes')), ...shippedFiles(join(ROOT, 'credentials'))]
		.filter((file) => ENDPOINT.test(readFileSync(file, 'utf8')))
		.map((file) => relative(ROOT, file));
	expect(writers.sort()).toEqual([
		'nodes/shared/transport/api/compat.ts',
		'nodes/shared/transport/api/unified.ts',
	]);
});
