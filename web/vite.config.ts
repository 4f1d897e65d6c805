import { defineConfig, type Plugin } from "vite";
import solid from "vite-plugin-solid";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * Prints the gzipped size of the JavaScript a table page loads: the entry chunk and everything it
 * imports statically (the create page and its QR encoder are loaded only on demand).
 */
function tablePageSize(): Plugin {
  return {
    name: "muli-table-page-size",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = new Map<string, { code: string; imports: string[] }>();
      let entry = "";
      for (const [name, out] of Object.entries(bundle)) {
        if (out.type !== "chunk") continue;
        chunks.set(name, { code: out.code, imports: out.imports });
        if (out.isEntry) entry = name;
      }
      const seen = new Set<string>();
      const walk = (name: string) => {
        if (seen.has(name) || !chunks.has(name)) return;
        seen.add(name);
        for (const dep of chunks.get(name)!.imports) walk(dep);
      };
      walk(entry);
      let raw = 0;
      let gz = 0;
      for (const name of seen) {
        const code = chunks.get(name)!.code;
        raw += Buffer.byteLength(code);
        gz += gzipSync(code, { level: 9 }).length;
      }
      const kb = (n: number) => (n / 1024).toFixed(1) + " KB";
      // One line, easy to grep in CI logs.
      console.log(`\n[muli] table page JavaScript: ${kb(gz)} gzipped (${kb(raw)} raw, ${seen.size} file(s)); budget 45 KB`);
      if (gz > 45 * 1024) this.error(`table page JavaScript is ${kb(gz)} gzipped, over the 45 KB budget`);
    },
  };
}

export default defineConfig({
  root,
  plugins: [solid(), tablePageSize()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    reportCompressedSize: true,
    rollupOptions: {
      // The engine is pure (README): importing its one door must not pull in every module behind
      // it, so what the table page does not call (the check page's verifier, the replay) stays out.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]worker[\\/]engine[\\/]/.test(id) },
    },
  },
});
