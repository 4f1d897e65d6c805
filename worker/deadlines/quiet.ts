// Quiet hours: a daily window in the player's own time zone during which nothing is delivered.

/** Minutes after local midnight at `now` in `timeZone` (an IANA name). */
export function localMinutes(now: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(new Date(now));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return get("hour") * 60 + get("minute");
}

export function validTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * When quiet hours [start, end) (minutes, may wrap past midnight) are over, or null if `now` is
 * not inside them. Resolution is a minute; the answer is the first instant outside the window.
 */
export function quietUntil(now: number, timeZone: string, start: number | null, end: number | null): number | null {
  if (start === null || end === null || start === end) return null;
  const m = localMinutes(now, timeZone);
  const inside = start < end ? m >= start && m < end : m >= start || m < end;
  if (!inside) return null;
  const minutesLeft = (end - m + 1440) % 1440;
  // Start of the current minute plus the minutes left; a DST change inside the window shifts
  // this by the jump, which the caller's re-check at that time absorbs.
  return Math.floor(now / 60_000) * 60_000 + minutesLeft * 60_000;
}
