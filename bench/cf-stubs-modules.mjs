// Stand-ins for workerd's modules in Node (bench/cf-stubs.mjs): the env holds a fresh link key.
import { randomBytes } from "node:crypto";

export const env = { LINK_KEY_DEV: randomBytes(32).toString("base64url") };
export class DurableObject {}
export class EmailMessage {}
