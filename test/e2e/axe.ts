// axe-core inside the browser tests: its script (the pinned devDependency) is evaluated in the
// page, run over the whole document, and every serious or critical violation is returned as a
// line naming the rule and the elements, so a test can expect the list to be empty.
import axe from "axe-core";
import type { Page } from "playwright-core";

/** The whole axe-core script, as the package hands it out for injecting into a page. */
const axeSource = axe.source;

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
}

/** Serious and critical axe violations on the page as it is now ("where: rule (help): targets"). */
export async function axeProblems(page: Page, where: string): Promise<string[]> {
  // Evaluated through the browser's debugging protocol, which the page's Content-Security-Policy
  // (script-src 'self') does not govern; a <script> tag would be refused.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(`${axeSource}\n;0`);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<unknown> } }).axe;
    return (await axe.run(document, { resultTypes: ["violations"] })) as unknown;
  });
  return (result as AxeResult).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${where}: ${v.id} (${v.help}): ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}`);
}
