// What the walks (walk-pages, walk-table) and the accessibility checks (a11y) share: the two
// sizes and two languages every page is seen in, one helper that looks at a page at both sizes
// (screenshot, nothing sticking out sideways, axe), and a table moved through the API by seat.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { axeProblems } from "./axe";
import { expectFits } from "./setup";

/** A phone and a desktop. */
export const SIZES = [
  { name: "360", width: 360, height: 740 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

/** The browser's locale and the short name used in screenshot names and expectations. */
export const LANGS = [
  ["en-US", "en"],
  ["de-DE", "de"],
] as const;

/** The path and #… of a link the server made (its host is the test server's). */
export const linkPath = (link: string): string => new URL(link).pathname + new URL(link).hash;

/** Waits until the page has drawn two frames: a layout pass at a new viewport size, or a focus placed a frame after a view. */
export const nextFrames = (page: Page): Promise<void> => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

/**
 * The page at both sizes: a full-page screenshot `test-results/<shot>-<size>.png` of each, and,
 * when asked, that nothing sticks out sideways (`fits`) and axe's serious and critical violations
 * (`axe`, returned). The page is left at 360 px.
 */
export async function atBothSizes(page: Page, shot: string, check: { fits?: boolean; axe?: boolean }): Promise<string[]> {
  const found: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await nextFrames(page);
    if (check.fits) await expectFits(page);
    if (check.axe) found.push(...(await axeProblems(page, `${shot} @${size.name}`)));
    await page.screenshot({ path: `test-results/${shot}-${size.name}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 360, height: 740 });
  return found;
}

/** Where keyboard focus is: on the hand, on the question (prompt), on <body>, or another element's tag. */
export const focusIn = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return "body";
    if (a.closest(".hand")) return "hand";
    if (a.closest(".prompt")) return "prompt";
    return a.tagName;
  });

/** A table as POST /api/tables answers. */
export interface CreatedTable {
  id: string;
  seats: { seat: number; token: string | null; link: string | null }[];
  host: { key: string; link: string };
}

/** A seat's view as GET /api/tables/:id answers (the fields the tests read). */
export interface SeatView {
  version: number;
  phase: string;
  toAct: number[];
  hand: string[];
  legal: { type: string; card?: string; tricks?: number; suit?: string; max?: number; count?: number }[];
}

/** Moving a table through the API, seat by seat, on the test server at `base`. */
export function seatApi(base: string, t: { id: string; seats: { token: string | null }[] }) {
  const auth = (seat: number) => ({ Authorization: `Bearer ${t.seats[seat].token}` });
  return {
    async view(seat: number): Promise<SeatView> {
      const res = await fetch(`${base}/api/tables/${t.id}`, { headers: auth(seat) });
      expect(res.status, `view of seat ${seat}`).toBe(200);
      return (await res.json()) as SeatView;
    },
    /** The answer's status: 200, or 409 when the table moved on meanwhile (e.g. a forced move played by the server). */
    async act(seat: number, version: number, action: object): Promise<number> {
      const res = await fetch(`${base}/api/tables/${t.id}/actions`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...auth(seat) },
        body: JSON.stringify({ version, action }),
      });
      return res.status;
    },
  };
}

/**
 * The characters of `selector`'s text that its font draws as the missing-glyph box ("tofu"): each
 * is drawn on a canvas in the element's font and compared with a private-use character no font
 * here has (both come out as the same box when the glyph is missing).
 */
export const missingGlyphs = (page: Page, selector: string): Promise<string[]> =>
  page.locator(selector).evaluate((el) => {
    const font = getComputedStyle(el).font;
    const draw = (ch: string) => {
      const c = document.createElement("canvas");
      c.width = c.height = 48;
      const g = c.getContext("2d")!;
      g.font = font.replace(/\d+(\.\d+)?px/, "32px");
      g.textBaseline = "top";
      g.fillText(ch, 4, 4);
      return g.getImageData(0, 0, 48, 48).data.join(",");
    };
    const box = draw("\u{10FFFD}");
    return [...new Set([...(el.textContent ?? "")].filter((ch) => ch.trim() !== ""))].filter((ch) => draw(ch) === box);
  });
