/** Types of schema-versions.js (CommonJS, shared by the build and the tests). */
export function servedSchemas(schemaDir: string): Map<string, string>;
export function fillSchemas(root: string): void;
