// One fresh process, one import of the bundled Worker (argv[2]): prints the CPU time (user +
// system, this process) its loading took: read, parse, compile and the top-level evaluation.
import { register } from "node:module";

register("./bundle-hooks.mjs", import.meta.url);
const before = process.cpuUsage();
await import(process.argv[2]);
const used = process.cpuUsage(before);
console.log(JSON.stringify({ cpuMs: (used.user + used.system) / 1000 }));
