// A table's first read, started while the app's code is still on its way (index.html loads this
// tiny file `async`, apart from the app's modules): on a slow phone the view then arrives with
// the code, and the app draws the whole table in its first task (main.tsx waits for it a moment)
// instead of drawing a bare page, then the table a network round later. The app takes the answer
// if it opens the same table with the same token (api/tables.ts `takeFirstRead`); the token stays
// in a header, never in the URL. A classic script: the page's CSP allows no inline scripts.
(function () {
  var m = /^\/t\/([^/]+)\/?$/.exec(location.pathname);
  // Loaded after the app had started (async scripts run in no fixed order): the app reads itself.
  if (!m || typeof fetch !== "function" || window.__muliStarted) return;
  var id = decodeURIComponent(m[1]);
  var token = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : "";
  // A one-time sign-in (#m_…) is no seat token: the app signs in first.
  if (/^m_[A-Za-z0-9_-]{32}$/.test(token)) return;
  if (!token) {
    try {
      var seats = JSON.parse(localStorage.getItem("muli.seats") || "[]");
      for (var i = 0; i < seats.length; i++) if (seats[i] && seats[i].id === id) { token = seats[i].token; break; }
    } catch (e) {
      return;
    }
  }
  if (!token) return;
  var read = { id: id, token: token, settled: null };
  // Only a view is kept: a refusal or a network failure is met again by the app's own read.
  read.done = fetch("/api/tables/" + encodeURIComponent(id), { cache: "no-store", headers: { Authorization: "Bearer " + token } })
    .then(function (r) {
      if (!r.ok) return null;
      var etag = r.headers.get("ETag");
      return r.json().then(function (view) {
        return (read.settled = { view: view, etag: etag });
      });
    })
    .catch(function () {
      return null;
    });
  window.__muliFirstRead = read;
})();
