// The way to the host's page, on the table page. The other words of keeping a seat load with the
// parts that show them: host-words.ts (the host's page, the links page), keep-words.ts (sign-in
// notices, forgetting a game), so the table page's bundle does not carry them.
export const identityEn = { openHost: "Seats and links" };

export const identityDe: typeof identityEn = { openHost: "Plätze und Links" };
