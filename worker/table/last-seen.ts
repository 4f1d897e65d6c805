// The version each seat last had in front of it (a view read, a socket's view, its own action),
// kept in the table object's storage: "since you were here" starts from it.
import { socketInfo } from "./sockets";

const key = (seat: number) => `lastSeen:${seat}`;

export class LastSeen {
  private cache = new Map<number, number>();

  constructor(private readonly storage: DurableObjectStorage) {}

  /** The last version this seat saw; 0 for a seat that never looked. */
  async get(seat: number): Promise<number> {
    const known = this.cache.get(seat);
    if (known !== undefined) return known;
    const stored = (await this.storage.get<number>(key(seat))) ?? 0;
    this.cache.set(seat, stored);
    return stored;
  }

  /** These seats now have `version` in front of them (never moves back). */
  async mark(seats: Iterable<number>, version: number): Promise<void> {
    const put: Record<string, number> = {};
    for (const seat of new Set(seats)) {
      if ((await this.get(seat)) >= version) continue;
      this.cache.set(seat, version);
      put[key(seat)] = version;
    }
    if (Object.keys(put).length > 0) await this.storage.put(put);
  }

  /** The seat's link changed hands: its new holder has seen nothing yet. */
  async forget(seat: number): Promise<void> {
    this.cache.set(seat, 0);
    await this.storage.delete(key(seat));
  }

  /** The seats with a socket that has named its seat (they were sent every view). */
  static watching(sockets: WebSocket[]): number[] {
    return sockets.flatMap((ws) => {
      const seat = socketInfo(ws)?.seat;
      return seat == null ? [] : [seat];
    });
  }
}
