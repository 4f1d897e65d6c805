// One error shape for every failure (API.md): { error: { code, message } }.
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** A failure as plain data, so it can cross the Durable Object RPC boundary unchanged. */
export interface Failure {
  ok: false;
  status: ContentfulStatusCode;
  code: string;
  message: string;
  /** INVALID_RULES: the option at fault. */
  option?: string;
  /** 429: seconds until the limit that refused lets this caller through again (Retry-After). */
  retryAfter?: number;
}

export const fail = (status: ContentfulStatusCode, code: string, message: string, option?: string): Failure =>
  option === undefined ? { ok: false, status, code, message } : { ok: false, status, code, message, option };

/** Thrown inside request handlers; turned into JSON by the app's error handler. */
export class FailureError extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
  }
}

export const raise = (status: ContentfulStatusCode, code: string, message: string, option?: string): never => {
  throw new FailureError(fail(status, code, message, option));
};

/** 429 with the real wait: Retry-After says how many seconds until the window that refused ends. */
export const tooMany = (retryAfterSeconds: number, message = "Too many requests; slow down a little.", code = "RATE_LIMITED"): never => {
  throw new FailureError({ ...fail(429, code, message), retryAfter: Math.max(1, Math.ceil(retryAfterSeconds)) });
};

export function errorBody(f: Pick<Failure, "code" | "message" | "option">) {
  return { error: f.option === undefined ? { code: f.code, message: f.message } : { code: f.code, message: f.message, option: f.option } };
}

export const errorResponse = (f: Failure, headers?: HeadersInit): Response =>
  Response.json(errorBody(f), { status: f.status, headers });
