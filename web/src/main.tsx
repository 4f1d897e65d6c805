import "./store/player"; // first: a sign-in link (/signin#key) is taken before the router reads the path
import { render } from "solid-js/web";
import { App } from "./App";
import "./style.css";

const mount = () => render(() => <App />, document.getElementById("app")!);

// A seat link whose view public/first-read.js is already reading: the page is drawn when it is in
// (and, if the seat missed moves, the recap's code and story), so that the first thing painted is
// the whole table, in one task, not a bare page that the table then fills a network round later.
// Never more than FIRST_READ_WAIT_MS: a slow answer draws the page as before.
const FIRST_READ_WAIT_MS = 1500;
const first = window.__muliFirstRead;
window.__muliStarted = true;
if (first) {
  // The recap's code is asked for beside the view, not after it: when the view says moves were
  // missed, the story's read then starts at once (one network round less before the first paint).
  const recapCode = import("./components/Recap");
  recapCode.catch(() => undefined);
  const recap = first.done.then((r) => {
    const seen = r?.view.seen;
    if (seen === undefined || seen >= r!.view.version) return;
    return recapCode.then((m) => m.preloadRecap(first.id, first.token, seen));
  });
  const cap = new Promise((resolve) => setTimeout(resolve, FIRST_READ_WAIT_MS));
  void Promise.race([recap, cap]).then(mount, mount);
} else mount();
