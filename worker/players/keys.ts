// A player's secret key: 192 random bits kept by the browser; only its SHA-256 is stored.
import { hashToken, newToken } from "../base/secrets";

export const newPlayerKey = (): string => "pk_" + newToken();
export const newPlayerId = (): string => "p_" + newToken().slice(0, 16);
export const PLAYER_KEY = /^pk_[A-Za-z0-9_-]{32}$/;
export const hashKey = hashToken;
