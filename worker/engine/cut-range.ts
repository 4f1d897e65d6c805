// The range of a cut (cut.ts), apart from the cut itself so that the legal list (and the client,
// which never deals) need not carry the shuffle's SHA-256.

/** The largest cut: a cut is a whole number from 0 to 2^32 − 1. */
export const CUT_MAX = 0xffffffff;
