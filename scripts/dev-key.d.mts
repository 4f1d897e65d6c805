/** `--var LINK_KEY_DEV:<key>` for `wrangler dev`, the key kept in `stateDir`. */
export function devLinkKeyArgs(stateDir: string): string[];
