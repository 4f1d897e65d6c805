// A router of a few lines: the path is a signal, links push history entries. Enough for four pages.
import { createRoot, createSignal, type JSX } from "solid-js";

const [path, setPath] = createRoot(() => createSignal(location.pathname));
// A link opened in a tab that shows its page already changes only the `#…` (a seat token, an
// invite): the page must read it again, so each such visit is counted and the page keyed on it.
const [visit, setVisit] = createRoot(() => createSignal(0));
window.addEventListener("popstate", () => setPath(location.pathname));
window.addEventListener("hashchange", () => {
  setPath(location.pathname);
  if (location.hash.length > 1) setVisit(visit() + 1);
});

export { path, visit };

export function navigate(to: string): void {
  if (to === location.pathname + location.hash) return;
  history.pushState(null, "", to);
  const samePath = location.pathname === path();
  setPath(location.pathname);
  if (samePath && location.hash.length > 1) setVisit(visit() + 1);
  window.scrollTo(0, 0);
}

export function A(props: { href: string; class?: string; children: JSX.Element; "aria-current"?: "page"; "aria-label"?: string; title?: string }) {
  return (
    <a
      href={props.href}
      class={props.class}
      aria-current={props["aria-current"]}
      aria-label={props["aria-label"]}
      title={props.title}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        navigate(props.href);
      }}
    >
      {props.children}
    </a>
  );
}
