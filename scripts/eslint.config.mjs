// The lint rules of the repo's Node scripts (scripts/, and test/ through test/eslint.config.mjs).
// The root eslint.config.mjs is @n8n/node-cli's, unchanged as its strict mode demands; it is for the
// package (nodes/, credentials/, package.json). ESLint reads this file for the files below it because
// `npm run lint` sets ESLINT_FLAGS=unstable_config_lookup_from_file (ESLint 10's default behaviour).
import js from '@eslint/js';
import globals from 'globals';

/** ESLint's recommended rules, tuned as @n8n/node-cli tunes them for a community node's files. */
export const scriptRules = {
	...js.configs.recommended.rules,
	// as in @n8n/node-cli's config
	'prefer-spread': 'off',
	// `const { dropped, ...kept } = value` drops keys on purpose
	'no-unused-vars': ['error', { ignoreRestSiblings: true }],
};

export default [
	{
		files: ['**/*.mjs'],
		languageOptions: { ecmaVersion: 'latest', sourceType: 'module', globals: globals.node },
		rules: scriptRules,
	},
];
