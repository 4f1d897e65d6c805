// Card style, language, hints, and a feedback form (stored through the API).
import { createSignal, Show } from "solid-js";
import * as feedback from "../api/feedback";
import { Card } from "../components/Card";
import { errorText, t } from "../i18n";
import { settings, type CardStyle, type LangChoice } from "../store/settings";
import Notifications from "./Notifications";

export default function Settings() {
  const s = () => settings.get();
  const [kind, setKind] = createSignal<"rule" | "problem">("rule");
  const [text, setText] = createSignal("");
  const [contact, setContact] = createSignal("");
  const [state, setState] = createSignal<"idle" | "sending" | "sent" | string>("idle");

  const submit = async (e: Event) => {
    e.preventDefault();
    if (!text().trim()) return;
    setState("sending");
    try {
      await feedback.send({ kind: kind(), text: text().trim(), ...(contact().trim() ? { contact: contact().trim() } : {}) });
      setText("");
      setState("sent");
    } catch (err) {
      setState(errorText(err));
    }
  };

  return (
    <section class="page settings">
      <h1>{t().settings}</h1>
      <fieldset>
        <legend>{t().cardStyle}</legend>
        {(["dd", "fr"] as CardStyle[]).map((style) => (
          <label class="choice">
            <input type="radio" name="style" value={style} checked={s().cardStyle === style} onChange={() => settings.update({ cardStyle: style })} />
            {style === "dd" ? t().doppeldeutsch : t().french}
          </label>
        ))}
        <label class="choice">
          <input type="checkbox" name="fourColors" checked={s().fourColors} disabled={s().cardStyle !== "fr"} onChange={(e) => settings.update({ fourColors: e.currentTarget.checked })} />
          {t().fourColors}
        </label>
        <div class="sample" aria-hidden="true">
          <Card card="HO" />
          <Card card="LA" />
          <Card card="W" />
          <Card card="E9" />
        </div>
      </fieldset>
      <fieldset>
        <legend>{t().language}</legend>
        <select value={s().lang} onChange={(e) => settings.update({ lang: e.currentTarget.value as LangChoice })} aria-label={t().language}>
          <option value="auto">{t().browserLanguage}</option>
          <option value="de">Deutsch</option>
          <option value="en">English</option>
        </select>
      </fieldset>
      <fieldset>
        <legend>{t().confirmMoves}</legend>
        <label class="choice">
          <input type="checkbox" name="confirmMoves" checked={s().confirmMoves} onChange={(e) => settings.update({ confirmMoves: e.currentTarget.checked })} />
          {t().confirmMovesHelp}
        </label>
      </fieldset>
      <fieldset>
        <legend>{t().hints}</legend>
        <label class="choice">
          <input type="checkbox" checked={s().hints} onChange={(e) => settings.update({ hints: e.currentTarget.checked })} />
          {t().hintsHelp}
        </label>
      </fieldset>
      <Notifications />
      <form class="feedback" onSubmit={submit}>
        <h2>{t().feedback}</h2>
        <p>{t().feedbackHelp}</p>
        <label class="choice">
          <input type="radio" name="kind" checked={kind() === "rule"} onChange={() => setKind("rule")} />
          {t().kindRule}
        </label>
        <label class="choice">
          <input type="radio" name="kind" checked={kind() === "problem"} onChange={() => setKind("problem")} />
          {t().kindProblem}
        </label>
        <label>
          {t().yourMessage}
          <textarea rows="4" maxLength={4000} required value={text()} onInput={(e) => setText(e.currentTarget.value)} />
        </label>
        <label>
          {t().contact}
          <input type="text" maxLength={200} value={contact()} onInput={(e) => setContact(e.currentTarget.value)} />
        </label>
        <button type="submit" disabled={state() === "sending"}>
          {t().send}
        </button>
        <Show when={state() === "sent"}>
          <p role="status">{t().thanks}</p>
        </Show>
        <Show when={!["idle", "sending", "sent"].includes(state())}>
          <p role="alert" class="error">
            {state()}
          </p>
        </Show>
      </form>
    </section>
  );
}
