// The tests' lint rules (ESLint reads this file for test/ as scripts/eslint.config.mjs explains).
import js from '@eslint/js';
import tsParser from '@typescript-eslint/parser';
import globals from 'globals';

import { scriptRules } from '../scripts/eslint.config.mjs';

export default [
	{ ignores: ['browser/artifacts/**'] },
	{
		// ESLint's recommended rules with the TypeScript parser; TypeScript itself checks names and
		// types (`npm run typecheck`), so no-undef and no-unused-vars are left to it
		files: ['**/*.ts'],
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
		files: ['**/*.mjs'],
		languageOptions: {
			ecmaVersion: 'latest',
			sourceType: 'module',
			globals: { ...globals.node, ...globals.jest },
		},
		rules: scriptRules,
	},
	// code the browser suite sends into the editor's page runs there
	{
		files: ['browser/**/*.mjs'],
		languageOptions: { globals: { ...globals.node, ...globals.browser } },
	},
];
