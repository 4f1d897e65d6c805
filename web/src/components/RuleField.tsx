// One house rule on the create form: its name, a control fitting its kind, a one-line explanation.
import { For, Show } from "solid-js";
import { t, type Texts } from "../i18n";
import type { RuleName } from "../i18n/en";

const ENUMS: Partial<Record<RuleName, (string | number)[]>> = {
  deck: [36, 33],
  weliCut: ["take", "off"],
  whiteHand: ["auto", "fold", "off"],
  mulatschakCall: ["round", "inBidding"],
  bidding: ["single", "auction"],
  faceUp: ["app", "bergxi", "off"],
};
/** Options that are a number or switched off (false), with the number to offer when switched on. */
const OFFABLE: Partial<Record<RuleName, number>> = { stayHome: 1, shortTalonOut: 3, outAbove: 100, endAbove: 50 };

export function RuleField(props: { name: RuleName; value: unknown; set: (v: unknown) => void }) {
  const text = () => t().rules[props.name];
  const id = `rule-${props.name}`;
  const control = () => {
    const v = props.value;
    if (ENUMS[props.name]) {
      return (
        <select id={id} value={String(v)} onChange={(e) => props.set(typeof v === "number" ? Number(e.currentTarget.value) : e.currentTarget.value)}>
          <For each={ENUMS[props.name]}>{(o) => <option value={String(o)}>{o === "off" ? t().off : t().values[String(o) as keyof Texts["values"]] ?? String(o)}</option>}</For>
        </select>
      );
    }
    if (typeof v === "boolean" && !(props.name in OFFABLE)) {
      return <input id={id} type="checkbox" checked={v} onChange={(e) => props.set(e.currentTarget.checked)} />;
    }
    return (
      <span class="num">
        <input
          id={id}
          type="number"
          inputmode="numeric"
          value={v === false ? "" : String(v)}
          disabled={v === false}
          onChange={(e) => props.set(Number(e.currentTarget.value))}
        />
        <Show when={props.name in OFFABLE}>
          <label class="choice">
            <input type="checkbox" checked={v === false} onChange={(e) => props.set(e.currentTarget.checked ? false : OFFABLE[props.name])} />
            {t().off}
          </label>
        </Show>
      </span>
    );
  };
  return (
    <div class="rule" data-option={props.name}>
      <label for={id}>{text()[0]}</label>
      {control()}
      <p class="help">{text()[1]}</p>
    </div>
  );
}
