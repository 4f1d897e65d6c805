// Node module hooks for bench/bundle-startup.mjs: the Worker's `cloudflare:*` imports answered by
// empty stand-ins, so that Node can evaluate the bundle's top level (all that startup runs).
const stub = `data:text/javascript,${encodeURIComponent("export const env = {}; export class DurableObject {} export class WorkerEntrypoint {} export class EmailMessage {}")}`;

export async function resolve(specifier, context, next) {
  if (specifier.startsWith("cloudflare:")) return { url: stub, shortCircuit: true };
  return next(specifier, context);
}
