import type { RejectCode, Rejection } from "./types";

/** A phase handler returns null when the action was applied, or why it was refused. */
export type Outcome = Rejection | null;

export const reject = (code: RejectCode, message: string): Rejection => ({ code, message });
