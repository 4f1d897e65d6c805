// The types of compressing-proxy.mjs, for the TypeScript that starts it (the browser tests).
export function chooseEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null;
export function startCompressingProxy(target: string, port?: number, host?: string): Promise<{ url: string; close(): Promise<void> }>;
