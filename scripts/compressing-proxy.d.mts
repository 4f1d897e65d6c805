// The types of compressing-proxy.mjs, for the TypeScript that starts it (test/e2e/lighthouse.test.ts).
export function startCompressingProxy(target: string, port?: number): Promise<{ url: string; close(): Promise<void> }>;
