// Types of bench/v8-flags.mjs (a plain module: bench/workerd-v8-flags.sh runs it with node).
export function withV8Flags(message: Uint8Array, flags: string[]): Uint8Array;
export function rootTextList(message: Uint8Array, index: number): string[];
