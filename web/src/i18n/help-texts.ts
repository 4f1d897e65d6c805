// The help texts in the player's language.
import { settings } from "../store/settings";
import { helpDe, helpEn, type HelpTexts } from "./help";

export const helpTexts = (): HelpTexts => (settings.lang() === "de" ? helpDe : helpEn);
