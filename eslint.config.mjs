// Both n8n lint gates: eslint-plugin-n8n-nodes-base (community package rules plus its node and
// credential rules) and @n8n/eslint-plugin-community-nodes `recommended` (the n8n Cloud gate).
// scripts/ and test/ get ESLint's recommended rules, as n8n's @n8n/node-cli config gives every file
// of a community node, with Node's (and jest's) globals; TypeScript checks the tests' names and types.
import js from '@eslint/js';
import tsParser from '@typescript-eslint/parser';
import globals from 'globals';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';

const cloud = n8nCommunityNodesPlugin.configs.recommended;
const nodesBase = { 'n8n-nodes-base': n8nNodesBase };

export default [
	{
		ignores: [
			'dist/**',
			'node_modules/**',
			'.cache/**',
			'coverage/**',
			'test/browser/artifacts/**',
			'*.js',
			'*.mjs',
		],
	},
	{
		files: ['credentials/**/*.ts', 'nodes/**/*.ts', 'package.json'],
		languageOptions: {
			parser: tsParser,
			parserOptions: { sourceType: 'module', extraFileExtensions: ['.json'] },
		},
	},
	{ ...cloud, files: ['credentials/**/*.ts', 'nodes/**/*.ts', 'package.json'] },
	{ files: ['package.json'], plugins: nodesBase, rules: n8nNodesBase.configs.community.rules },
	{
		files: ['credentials/**/*.ts'],
		plugins: nodesBase,
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// This rule is for n8n's own repository, where documentationUrl is a docs slug; community
			// credentials must give a full URL (@n8n/community-nodes/credential-documentation-url).
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		plugins: nodesBase,
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// These two demand the string 'main', which the Cloud gate forbids in favour of
			// NodeConnectionTypes.Main (@n8n/community-nodes/node-connection-type-literal): the newer rule wins.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
		},
	},
	{
		files: ['scripts/**/*.mjs'],
		languageOptions: { ecmaVersion: 'latest', sourceType: 'module', globals: globals.node },
		rules: {
			...js.configs.recommended.rules,
			// as in @n8n/node-cli's config
			'prefer-spread': 'off',
			// `const { dropped, ...kept } = value` drops keys on purpose
			'no-unused-vars': ['error', { ignoreRestSiblings: true }],
		},
	},
	{
		// the tests: ESLint's recommended rules with the TypeScript parser; TypeScript itself checks
		// names and types (`npm run typecheck`), so no-undef and no-unused-vars are left to it
		files: ['test/**/*.ts'],
		languageOptions: {
			parser: tsParser,
			parserOptions: { sourceType: 'module' },
			globals: { ...globals.node, ...globals.jest },
		},
		rules: {
			...js.configs.recommended.rules,
			'no-undef': 'off',
			'no-unused-vars': 'off',
			'prefer-spread': 'off',
		},
	},
	{
		files: ['test/**/*.mjs'],
		languageOptions: {
			ecmaVersion: 'latest',
			sourceType: 'module',
			globals: { ...globals.node, ...globals.jest },
		},
		rules: {
			...js.configs.recommended.rules,
			'prefer-spread': 'off',
			'no-unused-vars': ['error', { ignoreRestSiblings: true }],
		},
	},
	// code the browser suite sends into the editor's page runs there
	{
		files: ['test/browser/**/*.mjs'],
		languageOptions: { globals: { ...globals.node, ...globals.browser } },
	},
];
