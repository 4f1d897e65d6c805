// Vacation: a player may stop their clocks for a number of days per calendar year (UTC). It is
// taken in whole days and counted in hours begun: ended early, every whole hour not yet begun goes
// back to the budget (so the days used are kept in 1/24 steps).

export const VACATION_DAYS_PER_YEAR = 21;
export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

/** Hours still available this year. */
export function hoursLeft(v: VacationState, now: number): number {
  const used = v.vacationYear === yearOf(now) ? v.vacationDaysUsed : 0;
  return Math.max(0, Math.round((VACATION_DAYS_PER_YEAR - used) * 24));
}

export interface VacationState {
  vacationFrom: number | null;
  vacationUntil: number | null;
  vacationYear: number | null;
  vacationDaysUsed: number;
}

export const yearOf = (ms: number): number => new Date(ms).getUTCFullYear();

/** Whole days that can still be taken this year. */
export function daysLeft(v: VacationState, now: number): number {
  return Math.floor(hoursLeft(v, now) / 24);
}

export const onVacation = (v: VacationState, now: number): boolean =>
  v.vacationFrom !== null && v.vacationUntil !== null && v.vacationFrom <= now && now < v.vacationUntil;

export type VacationResult = { ok: true; next: VacationState } | { ok: false; message: string };

/** Start a vacation of `days` now (replacing a running one: its unused days are returned first). */
export function startVacation(v: VacationState, days: number, now: number): VacationResult {
  const base = endVacation(v, now);
  if (!Number.isInteger(days) || days < 1) return { ok: false, message: "A vacation is at least one whole day." };
  const left = daysLeft(base, now);
  if (days > left) return { ok: false, message: `Only ${left} vacation day(s) are left this year.` };
  const used = base.vacationYear === yearOf(now) ? base.vacationDaysUsed : 0;
  return { ok: true, next: { vacationFrom: now, vacationUntil: now + days * DAY_MS, vacationYear: yearOf(now), vacationDaysUsed: used + days } };
}

/** End a running vacation now; every whole hour not yet begun goes back to the budget. */
export function endVacation(v: VacationState, now: number): VacationState {
  if (!onVacation(v, now)) return v;
  const unused = Math.floor((v.vacationUntil! - now) / HOUR_MS) / 24;
  const sameYear = v.vacationYear === yearOf(now);
  return {
    vacationFrom: v.vacationFrom,
    vacationUntil: now,
    vacationYear: v.vacationYear,
    vacationDaysUsed: sameYear ? Math.max(0, Math.round((v.vacationDaysUsed - unused) * 24) / 24) : v.vacationDaysUsed,
  };
}

/** The pauses a player's vacation puts on their clocks. */
export function vacationPauses(v: Pick<VacationState, "vacationFrom" | "vacationUntil">): { from: number; until: number }[] {
  return v.vacationFrom !== null && v.vacationUntil !== null && v.vacationUntil > v.vacationFrom ? [{ from: v.vacationFrom, until: v.vacationUntil }] : [];
}
