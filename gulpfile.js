// Copies the icons (light and dark SVG) into dist/, where nodes and credentials reference them.
const path = require('path');
const { task, src, dest } = require('gulp');

task('build:icons', function copyIcons() {
	return src(path.resolve('icons', '*.svg'), { encoding: false }).pipe(
		dest(path.resolve('dist', 'icons')),
	);
});
