// Leaving, ending by agreement and playing again at one open table: refusals go to the table's
// notice line in the player's words; the new view comes through the table's socket.
import * as end from "../api/table-end";
import { ApiError } from "../api/request";
import { errorText, t } from "../i18n";
import { lifecycleWords } from "../i18n/lifecycle";
import type { TableStore } from "./table";

export function tableEnd(table: TableStore, id: string, token: string) {
  async function call<T>(fn: () => Promise<T>): Promise<T | null> {
    table.setNotice(null);
    try {
      return await fn();
    } catch (e) {
      const network = e instanceof ApiError && e.code === "NETWORK";
      table.setNotice(network ? t().polling : errorText(e, { ...t().tableErrors, ...lifecycleWords().errors }), network);
      return null;
    }
  }
  return {
    leave: () => call(() => end.leave(id, token)),
    proposeEnd: (outcome: "score" | "annul") => call(() => end.proposeEnd(id, token, outcome)),
    declineEnd: () => call(() => end.declineEnd(id, token)),
    rematch: () => call(() => end.rematch(id, token)),
  };
}
