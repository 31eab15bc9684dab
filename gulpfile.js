// What the build adds to tsc's output: the icons (light and dark SVG) that nodes and credentials
// reference, and the output schemas a node's later versions inherit (scripts/lib/schema-versions.js).
const path = require('path');
const { task, src, dest } = require('gulp');

const { fillSchemas } = require('./scripts/lib/schema-versions');

task('build:icons', function copyIcons() {
	return src(path.resolve('icons', '*.svg'), { encoding: false }).pipe(
		dest(path.resolve('dist', 'icons')),
	);
});

task('build:schemas', async function inheritSchemas() {
	fillSchemas(path.resolve('dist', 'nodes'));
});
