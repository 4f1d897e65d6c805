// The history of a table: its public story (since a version, and the current hand) and, after
// the game, its record (muli-record/1) and the analysis of its decisions.
import type { GameRecord, StoryItem } from "../../../worker/engine";
import { request } from "./request";

export type { GameRecord, StoryItem };

export interface Story {
  version: number;
  /** The version at which the current hand was dealt: items after it are this hand's. */
  handFrom: number;
  items: StoryItem[];
}

const path = (id: string, rest: string) => `/api/tables/${encodeURIComponent(id)}/${rest}`;

export async function readStory(id: string, token: string, from: number): Promise<Story> {
  return (await request<Story>(path(id, `story?from=${from}`), {}, token)).body!;
}

export async function readRecord(id: string, token: string): Promise<GameRecord> {
  return (await request<GameRecord>(path(id, "record"), {}, token)).body!;
}
