// "Check this game": re-deal a finished game from its revealed seed and confirm every deal of its
// record, in this browser (SHA-256 by WebCrypto, the deals by the same engine the server runs).
// Opened from a finished table (/t/:id/check, the record read with this browser's seat token) or
// with a record file of one's own (/check).
import { createResource, createSignal, For, Show } from "solid-js";
import { verifyRecord, type GameRecord, type Verification } from "../../../worker/engine";
import { request } from "../api/request";
import { errorText, t } from "../i18n";
import { seats } from "../store/seats";

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

interface Checked {
  record: GameRecord;
  digest: string;
  result: Verification;
}

async function check(record: GameRecord): Promise<Checked> {
  const digest = typeof record?.seed === "string" ? await sha256Hex(record.seed) : "";
  return { record, digest, result: verifyRecord(record, digest || null) };
}

export default function Check(props: { table?: string }) {
  const [own, setOwn] = createSignal<Checked | null>(null);
  const [fileError, setFileError] = createSignal<string | null>(null);
  const [fromTable] = createResource(
    () => props.table,
    async (id) => {
      const token = seats.tokenFor(id);
      const r = await request<GameRecord>(`/api/tables/${encodeURIComponent(id)}/record`, {}, token);
      return check(r.body!);
    },
  );
  const shown = () => own() ?? fromTable();

  const readFile = async (file: File | undefined) => {
    setFileError(null);
    if (!file) return;
    try {
      setOwn(await check(JSON.parse(await file.text()) as GameRecord));
    } catch {
      setFileError(t().check.notARecord);
    }
  };

  return (
    <section class="check">
      <h1>{t().check.title}</h1>
      <p>{t().check.intro}</p>
      <Show when={fromTable.error}>
        <p role="alert" class="notice">
          {errorText(fromTable.error)}
        </p>
      </Show>
      <label class="field">
        <span>{t().check.file}</span>
        <input type="file" accept="application/json,.json" onChange={(e) => void readFile(e.currentTarget.files?.[0])} />
      </label>
      <Show when={fileError()}>
        <p role="alert" class="notice">
          {fileError()}
        </p>
      </Show>
      <Show when={shown()}>
        {(c) => (
          <div class="check-result" aria-live="polite">
            <p class={c().result.ok ? "check-ok" : "check-bad"}>
              <strong>{c().result.ok ? t().check.holds(c().result.dealsChecked) : t().check.fails}</strong>
            </p>
            <dl class="check-facts">
              <dt>{t().check.seed}</dt>
              <dd>
                <code>{c().record.seed}</code>
              </dd>
              <dt>{t().check.digest}</dt>
              <dd>
                <code>{c().digest}</code>
              </dd>
              <dt>{t().check.commitment}</dt>
              <dd>
                <code>{c().record.commitment ?? "–"}</code>
              </dd>
              <Show when={c().record.v === 2}>
                <dt>{t().check.cuts}</dt>
                <dd data-testid="cuts">
                  <code>{c().record.deals.map((d) => d.cut ?? "–").join(", ")}</code>
                </dd>
              </Show>
            </dl>
            <Show when={c().result.problems.length > 0}>
              <ul class="check-problems">
                <For each={c().result.problems}>{(p) => <li>{p}</li>}</For>
              </ul>
            </Show>
          </div>
        )}
      </Show>
      <p class="hint-small">{t().check.how}</p>
    </section>
  );
}
