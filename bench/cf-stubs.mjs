// Node loader hook for bench:d1's turn messages: the notifier's modules import `cloudflare:workers`
// (the link key's env, DurableObject) and `cloudflare:email`, which only workerd provides. Here
// they resolve to small stand-ins (./cf-stubs-modules.mjs); no e-mail is sent by the bench.
export async function resolve(specifier, context, next) {
  if (specifier === "cloudflare:workers" || specifier === "cloudflare:email") {
    return { url: new URL(`./cf-stubs-modules.mjs?${specifier.slice(11)}`, import.meta.url).href, shortCircuit: true };
  }
  return next(specifier, context);
}
