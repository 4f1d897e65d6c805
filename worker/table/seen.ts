// When each seat was first opened by a person (a view, a hint, an action or a socket with its
// token), for the host's page. Kept in the object's own storage: written once per seat, and
// cleared when the seat gets a new link or a bot.
const KEY = "seen";
import { timeNow } from "../base/clock";

export class SeatsSeen {
  private seen: Record<number, number> | undefined;

  constructor(private readonly storage: DurableObjectStorage) {}

  async all(): Promise<Record<number, number>> {
    this.seen ??= (await this.storage.get<Record<number, number>>(KEY)) ?? {};
    return this.seen;
  }

  /** The seat was opened now (stored only the first time). */
  async mark(seat: number, now = timeNow()): Promise<void> {
    const seen = await this.all();
    if (seen[seat] !== undefined) return;
    this.seen = { ...seen, [seat]: now };
    await this.storage.put(KEY, this.seen);
  }

  /** The seat's link changed hands: nobody has opened the new one yet. */
  async clear(seat: number): Promise<void> {
    const seen = await this.all();
    if (seen[seat] === undefined) return;
    const { [seat]: _, ...rest } = seen;
    this.seen = rest;
    await this.storage.put(KEY, this.seen);
  }
}
