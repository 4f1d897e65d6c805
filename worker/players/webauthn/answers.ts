// The browser's answers as @simplewebauthn/browser hands them over (base64url fields).

interface Answer {
  id: string;
  rawId: string;
  type: "public-key";
}

export interface RegistrationAnswer extends Answer {
  response: { clientDataJSON: string; attestationObject: string; transports?: string[] };
}

export interface SignInAnswer extends Answer {
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string };
}

/** Where the answer must come from and what it must sign. */
export interface Expected {
  challenge: string;
  origin: string;
  rpID: string;
}
