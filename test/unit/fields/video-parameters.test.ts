import { CreateVideo } from '../../../nodes/CreateVideo/CreateVideo.node';
import { completionProperties } from '../../../nodes/settings/completion';
import { simplifyField } from '../../../nodes/settings/simplify';
import { batchOptions } from '../../../nodes/settings/batch';
import {
	VIDEO_PARAMETER,
	VIDEO_PARAMETER_NAMES,
} from '../../../nodes/CreateVideo/resources/video/names';
import { videoProperties } from '../../../nodes/CreateVideo/resources/video/create.fields';
import { videoOptions } from '../../../nodes/CreateVideo/resources/video/options.fields';

describe("Create Video's parameter names live in one place", () => {
	test('the request fields are exactly the names of VIDEO_PARAMETER_NAMES, each one field name', () => {
		const fieldNames = new Set(
			[...videoProperties(), videoOptions()].map((property) => property.name),
		);
		expect([...fieldNames].sort()).toEqual([...VIDEO_PARAMETER_NAMES].sort());
		expect(new Set(VIDEO_PARAMETER_NAMES).size).toBe(VIDEO_PARAMETER_NAMES.length);
	});

	test('the names saved workflows use are unchanged', () => {
		// The names of the first release, written out on purpose: renaming one breaks saved workflows.
		const released =
			'model generationMode prompt firstFrameUrl lastFrameUrl urls videoUrls audioUrls sourceFrameTimestamps draft draftSourceOrderId duration aspect referenceAspect outputResolution additionalOptions';
		expect(VIDEO_PARAMETER_NAMES).toEqual(expect.arrayContaining(released.split(' ')));
		for (const name of VIDEO_PARAMETER_NAMES) expect(VIDEO_PARAMETER[name]).toBe(name);
	});

	test("the node has no other parameters than these and the whole execution's batch and wait settings, Simplify, and its tool's description", () => {
		const known = new Set<string>([
			...VIDEO_PARAMETER_NAMES,
			'toolDescription',
			...[batchOptions(), ...completionProperties({ callback: true }), simplifyField()].map(
				(p) => p.name,
			),
		]);
		const names = new CreateVideo().description.properties.map((property) => property.name);
		expect(names.filter((name) => !known.has(name))).toEqual([]);
	});
});
