// Bots have names of their own: a bot seat left unnamed on the create form gets one, different
// from every other name at the table (so two bots are told apart at a glance). Pure, for tests.

/** Short Austrian first names, short enough to fit under a card on a phone. */
export const BOT_NAMES = ["Resi", "Ferdl", "Gustl", "Vroni", "Poldi", "Mitzi", "Hansi", "Burgi"];

/** The seats' names with each unnamed bot seat named: the first bot name nobody else has. */
export function nameBots(seats: { name: string; bot: string }[]): string[] {
  const taken = new Set(seats.map((s) => s.name.trim().toLowerCase()).filter(Boolean));
  return seats.map((s) => {
    if (s.name.trim() || !s.bot) return s.name.trim();
    const name = BOT_NAMES.find((n) => !taken.has(n.toLowerCase())) ?? `Bot ${taken.size + 1}`;
    taken.add(name.toLowerCase());
    return name;
  });
}
