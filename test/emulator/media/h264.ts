import { MsbBitWriter } from './bits';

/**
 * A tiny but real H.264 (Constrained Baseline, CAVLC) stream: one IDR picture whose macroblocks
 * are all I_16x16 with DC prediction and no residual (a flat mid-grey picture, one byte per
 * macroblock), then P pictures made of a single run of P_Skip macroblocks (a few bytes each).
 */

const PROFILE_BASELINE = 66;
/** constraint_set0 and constraint_set1: Constrained Baseline, decodable by every profile. */
const CONSTRAINT_FLAGS = 0xc0;
/** frame_num is 4 bits and wraps every 16 pictures (log2_max_frame_num_minus4 = 0). */
const FRAME_NUM_BITS = 4;
/** mb_type 3 (I_16x16, DC prediction, no coded blocks), chroma DC prediction, qp delta 0, no DC coefficients. */
const FLAT_INTRA_MACROBLOCK = 0b00100111;

/** [level_idc, max macroblocks per second, max macroblocks per frame] from Table A-1. */
const LEVELS: Array<[number, number, number]> = [
	[30, 40500, 1620],
	[31, 108000, 3600],
	[32, 216000, 5120],
	[40, 245760, 8192],
	[42, 522240, 8704],
	[50, 589824, 22080],
	[51, 983040, 36864],
	[52, 2073600, 36864],
	[60, 4177920, 139264],
	[61, 8355840, 139264],
	[62, 16711680, 139264],
];

export interface H264Stream {
	/** NAL units without start codes or length prefixes. */
	sps: Buffer;
	pps: Buffer;
	profile: number;
	compatibility: number;
	level: number;
	/** Picture `index` (0 is the IDR picture) as one NAL unit. */
	picture(index: number): Buffer;
}

/** Wraps an RBSP in a NAL unit, inserting emulation-prevention bytes (7.4.1). */
function nalUnit(refIdc: number, type: number, rbsp: Buffer): Buffer {
	const out: number[] = [(refIdc << 5) | type];
	let zeros = 0;
	for (const byte of rbsp) {
		if (zeros >= 2 && byte <= 3) {
			out.push(3);
			zeros = 0;
		}
		out.push(byte);
		zeros = byte === 0 ? zeros + 1 : 0;
	}
	return Buffer.from(out);
}

function finish(writer: MsbBitWriter): Buffer {
	return writer.bits(1, 1).toBuffer(); // rbsp_stop_one_bit, then zero bits to the byte boundary
}

function levelFor(macroblocks: number, fps: number): number {
	const fits = LEVELS.find(
		([, perSecond, perFrame]) => macroblocks <= perFrame && macroblocks * fps <= perSecond,
	);
	return (fits ?? LEVELS[LEVELS.length - 1])[0];
}

function sequenceParameterSet(width: number, height: number, level: number): Buffer {
	const columns = Math.ceil(width / 16);
	const rows = Math.ceil(height / 16);
	// 4:2:0 crops in units of two pixels, so odd sizes are coded one pixel larger.
	const cropRight = Math.floor((columns * 16 - width) / 2);
	const cropBottom = Math.floor((rows * 16 - height) / 2);
	const cropped = cropRight > 0 || cropBottom > 0;
	const writer = new MsbBitWriter()
		.bits(PROFILE_BASELINE, 8)
		.bits(CONSTRAINT_FLAGS, 8)
		.bits(level, 8);
	writer
		.ue(0)
		.ue(FRAME_NUM_BITS - 4)
		.ue(2); // sps id, log2_max_frame_num_minus4, pic_order_cnt_type 2
	writer.ue(1).bits(0, 1); // one reference frame, no frame_num gaps
	writer.ue(columns - 1).ue(rows - 1);
	writer.bits(1, 1).bits(1, 1); // frame_mbs_only, direct_8x8_inference
	writer.bits(cropped ? 1 : 0, 1);
	if (cropped) writer.ue(0).ue(cropRight).ue(0).ue(cropBottom);
	writer.bits(0, 1); // no VUI: timing lives in the container
	return nalUnit(3, 7, finish(writer));
}

function pictureParameterSet(): Buffer {
	const writer = new MsbBitWriter().ue(0).ue(0); // pps id, sps id
	writer.bits(0, 1).bits(0, 1).ue(0); // CAVLC, no field POC, one slice group
	writer.ue(0).ue(0).bits(0, 1).bits(0, 2); // one reference in each list, no weighted prediction
	writer.se(0).se(0).se(0); // pic_init_qp 26, pic_init_qs 26, chroma_qp_index_offset 0
	writer.bits(0, 1).bits(0, 1).bits(0, 1); // default deblocking, no constrained intra, no redundant pictures
	return nalUnit(3, 8, finish(writer));
}

function idrPicture(macroblocks: number): Buffer {
	const writer = new MsbBitWriter().ue(0).ue(7).ue(0); // first_mb, slice_type I (all I), pps id
	writer.bits(0, FRAME_NUM_BITS).ue(0); // frame_num 0, idr_pic_id 0
	writer.bits(0, 1).bits(0, 1); // dec_ref_pic_marking: keep prior pictures' output, short-term
	writer.se(0); // slice_qp_delta
	for (let i = 0; i < macroblocks; i++) writer.bits(FLAT_INTRA_MACROBLOCK, 8);
	return nalUnit(3, 5, finish(writer));
}

function skippedPicture(macroblocks: number, frameNum: number): Buffer {
	const writer = new MsbBitWriter().ue(0).ue(5).ue(0); // first_mb, slice_type P (all P), pps id
	writer.bits(frameNum, FRAME_NUM_BITS);
	writer.bits(0, 1).bits(0, 1); // no ref count override, no list modification
	writer.bits(0, 1); // sliding-window reference marking
	writer.se(0); // slice_qp_delta
	writer.ue(macroblocks); // mb_skip_run over the whole picture: a copy of the previous one
	return nalUnit(2, 1, finish(writer));
}

export function h264Stream(width: number, height: number, fps: number): H264Stream {
	const macroblocks = Math.ceil(width / 16) * Math.ceil(height / 16);
	const level = levelFor(macroblocks, fps);
	const idr = idrPicture(macroblocks);
	// P pictures differ only in frame_num, so each of its 16 values is coded once.
	const skipped = new Map<number, Buffer>();
	const picture = (index: number): Buffer => {
		if (index === 0) return idr;
		const frameNum = index % (1 << FRAME_NUM_BITS);
		if (!skipped.has(frameNum)) skipped.set(frameNum, skippedPicture(macroblocks, frameNum));
		return skipped.get(frameNum)!;
	};
	const sps = sequenceParameterSet(width, height, level);
	const pps = pictureParameterSet();
	return { sps, pps, profile: PROFILE_BASELINE, compatibility: CONSTRAINT_FLAGS, level, picture };
}
