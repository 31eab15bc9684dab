/** The facts the emulated service knows about referenced media: the package's own fact type. */
export type { MediaFact, MediaFacts, MediaKind } from '../../../nodes/shared/rules/index';
