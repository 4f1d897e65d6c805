// V8 flags for a bench's workerd: miniflare hands workerd its config as a binary Cap'n Proto
// message on stdin (`workerd serve --binary … -`) and has no option for the config's `v8Flags`.
// bench/workerd-v8-flags.sh puts this between the two: it reads the message, adds the flags in
// WORKERD_V8_FLAGS (space-separated) and writes the message on. With no flags it writes it unchanged.
import { readFileSync, writeSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** `Config.v8Flags` is the root struct's pointer 2 (workerd.capnp: services @0, sockets @1, v8Flags @2). */
const V8_FLAGS_POINTER = 2;

/**
 * `message` (an unpacked Cap'n Proto message whose root is workerd's Config, without v8Flags) with
 * `flags` as its v8Flags. The flags go in a segment of their own, reached by a far pointer, so that
 * nothing already in the message moves.
 */
export function withV8Flags(message, flags) {
  const bytes = new Uint8Array(message);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const segments = view.getUint32(0, true) + 1;
  const sizes = Array.from({ length: segments }, (_, i) => view.getUint32(4 + 4 * i, true));
  const headerWords = Math.ceil((4 + 4 * segments) / 8);
  const body = bytes.subarray(headerWords * 8);
  if (body.length !== sizes.reduce((a, b) => a + b, 0) * 8) throw new Error("not an unpacked Cap'n Proto message");
  const seg0 = new DataView(body.buffer, body.byteOffset, sizes[0] * 8);
  // The root pointer (segment 0, word 0) must be a struct pointer (kind 0) with room for pointer 2.
  const rootLo = seg0.getUint32(0, true);
  const rootHi = seg0.getUint32(4, true);
  if ((rootLo & 3) !== 0) throw new Error("the root is not a struct pointer in segment 0");
  const start = 1 + (rootLo >> 2); // words: the pointer's offset counts from the word after it
  const dataWords = rootHi & 0xffff;
  const pointers = rootHi >>> 16;
  if (pointers <= V8_FLAGS_POINTER) throw new Error("the root struct has no v8Flags pointer");
  const slot = (start + dataWords + V8_FLAGS_POINTER) * 8;
  if (seg0.getUint32(slot, true) !== 0 || seg0.getUint32(slot + 4, true) !== 0) throw new Error("the config has v8Flags already");
  if (flags.length === 0) return bytes;

  // The new segment: a landing pad (a list pointer to the next word), the list of text pointers,
  // then each text, NUL-terminated and padded to a word.
  const texts = flags.map((f) => new TextEncoder().encode(f));
  const textWords = texts.map((t) => Math.ceil((t.length + 1) / 8));
  const words = 1 + texts.length + textWords.reduce((a, b) => a + b, 0);
  const seg = new Uint8Array(words * 8);
  const sv = new DataView(seg.buffer);
  const listPointer = (at, offset, elementSize, count) => {
    sv.setUint32(at * 8, ((offset << 2) | 1) >>> 0, true);
    sv.setUint32(at * 8 + 4, ((count << 3) | elementSize) >>> 0, true);
  };
  listPointer(0, 0, 6, texts.length); // element size 6: pointers
  let at = 1 + texts.length;
  texts.forEach((t, i) => {
    listPointer(1 + i, at - (1 + i + 1), 2, t.length + 1); // element size 2: bytes
    seg.set(t, at * 8);
    at += textWords[i];
  });

  // The far pointer (kind 2) in the root's slot: the landing pad at word 0 of the new segment.
  const out = new Uint8Array(Math.ceil((4 + 4 * (segments + 1)) / 8) * 8 + body.length + seg.length);
  const ov = new DataView(out.buffer);
  ov.setUint32(0, segments, true);
  [...sizes, words].forEach((s, i) => ov.setUint32(4 + 4 * i, s, true));
  const outHeader = out.length - body.length - seg.length;
  out.set(body, outHeader);
  out.set(seg, outHeader + body.length);
  ov.setUint32(outHeader + slot, 2, true);
  ov.setUint32(outHeader + slot + 4, segments, true);
  return out;
}

/** The text list at the root struct's pointer `index` of `message`, following far pointers (for the tests). */
export function rootTextList(message, index) {
  const bytes = new Uint8Array(message);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const segments = view.getUint32(0, true) + 1;
  const starts = [];
  let word = Math.ceil((4 + 4 * segments) / 8);
  for (let i = 0; i < segments; i++) {
    starts.push(word);
    word += view.getUint32(4 + 4 * i, true);
  }
  const lo = (seg, w) => view.getUint32((starts[seg] + w) * 8, true);
  const hi = (seg, w) => view.getUint32((starts[seg] + w) * 8 + 4, true);
  /** Where pointer (seg, w) leads: [segment, word of the target, the pointer's high word]. */
  const follow = (seg, w) => {
    if ((lo(seg, w) & 3) === 2) {
      const pad = lo(seg, w) >>> 3;
      const padSeg = hi(seg, w);
      return [padSeg, pad + 1 + (lo(padSeg, pad) >> 2), hi(padSeg, pad)];
    }
    return [seg, w + 1 + (lo(seg, w) >> 2), hi(seg, w)];
  };
  const [rs, rw, rhi] = follow(0, 0);
  const slot = rw + (rhi & 0xffff) + index;
  if (lo(rs, slot) === 0 && hi(rs, slot) === 0) return [];
  const [ls, lw, lhi] = follow(rs, slot);
  return Array.from({ length: lhi >>> 3 }, (_, i) => {
    const [ts, tw, thi] = follow(ls, lw + i);
    const at = (starts[ts] + tw) * 8;
    return new TextDecoder().decode(bytes.subarray(at, at + (thi >>> 3) - 1));
  });
}

// As a program: stdin to stdout, with WORKERD_V8_FLAGS's flags.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const flags = (process.env.WORKERD_V8_FLAGS ?? "").split(" ").filter(Boolean);
  const out = withV8Flags(readFileSync(0), flags);
  for (let done = 0; done < out.length; ) done += writeSync(1, out, done);
}
